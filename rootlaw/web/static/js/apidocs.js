// Swagger UI for /api/docs, from the package's own files (no CDN, no inline script).
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
