"""HTTP routes, one module per area. Future areas (games, a WebSocket per seat) add a module."""
