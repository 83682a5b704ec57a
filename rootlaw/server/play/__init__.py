"""Playing Root in the browser: games stored in a database, served per seat."""
