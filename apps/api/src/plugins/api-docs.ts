import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_PREFIX } from './auth-context.ts';

/**
 * Swagger UI's defaults that fail WCAG 2.2 AA (axe, issue 32 item 19), set right by its own theme
 * (a style sheet of our origin, so the Content-Security-Policy stands unchanged):
 * - the top bar's logo (an image without text) and its "Explore" address field (no label, the
 *   button's white on light green) are hidden: this page documents one API, at one address; the
 *   bar keeps Swagger UI's light and dark switch, which follows the system's colour scheme;
 * - the "Servers" choice (a select without a name) is hidden: there is one server, this origin;
 * - in the light scheme, white on the method badges, the OpenAPI version badge, the document's
 *   link and the Authorize button's green reach 4.5:1 (the dark scheme's colours already do).
 * Deep links are off: Swagger UI puts them as links inside each operation's toggle button
 * (a control inside a control, which a screen reader cannot reach).
 */
const THEME_CSS = `
.swagger-ui .topbar .topbar-wrapper > a.link,
.swagger-ui .topbar .download-url-wrapper,
.swagger-ui .scheme-container .schemes-server-container > div:has(> .servers-title),
.swagger-ui .scheme-container .servers-title,
.swagger-ui .scheme-container .servers { display: none; }
.swagger-ui .topbar .topbar-wrapper { justify-content: flex-end; }
html:not(.dark-mode) .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f6fb2; }
html:not(.dark-mode) .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #186b45; }
html:not(.dark-mode) .swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a34f00; }
html:not(.dark-mode) .swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
html:not(.dark-mode) .swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f7463; }
html:not(.dark-mode) .swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6b4fa0; }
html:not(.dark-mode) .swagger-ui .opblock.opblock-options .opblock-summary-method { background: #1d5fa8; }
html:not(.dark-mode) .swagger-ui .info .title small { background: #5c6370; }
html:not(.dark-mode) .swagger-ui .info .title small.version-stamp { background: #4d6b00; }
html:not(.dark-mode) .swagger-ui .info a,
html:not(.dark-mode) .swagger-ui .info .url { color: #1d5fa8; }
html:not(.dark-mode) .swagger-ui .btn.authorize { border-color: #186b45; color: #186b45; }
html:not(.dark-mode) .swagger-ui .btn.authorize svg { color: #186b45; }
html:not(.dark-mode) .swagger-ui .btn.cancel { border-color: #b3261e; color: #b3261e; }
html:not(.dark-mode) .swagger-ui .btn.execute { background-color: #1d5fa8; border-color: #1d5fa8; }
html.dark-mode .swagger-ui .opblock .opblock-section-header .try-out__btn.cancel { border-color: #ff8080; color: #ff8080; }
html:not(.dark-mode) .swagger-ui .parameter__in,
html:not(.dark-mode) .swagger-ui .parameter__deprecated,
html:not(.dark-mode) .swagger-ui .prop-format { color: #595959; }
`;

/**
 * What a style sheet cannot do, whenever Swagger UI renders it (a script file of our origin): the
 * request-body editor after "Try it out" is a textarea without a label, so it is named; examples
 * are blocks that scroll sideways, so they take the keyboard's focus (a keyboard can scroll them).
 */
const THEME_JS = `new MutationObserver(function () {
  document.querySelectorAll('.body-param textarea:not([aria-label])').forEach(function (editor) {
    editor.setAttribute('aria-label', 'Request body');
  });
  document.querySelectorAll('.swagger-ui pre:not([tabindex])').forEach(function (block) {
    block.setAttribute('tabindex', '0');
  });
}).observe(document.documentElement, { childList: true, subtree: true });
`;

/** Browsable API documentation at `/v1/docs` (the menu's Documentation item), public like `/v1/openapi.json`. */
export const registerApiDocs = async (app: FastifyInstance) => {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: {
      deepLinking: false,
      persistAuthorization: false,
      // Every highlighting theme it ships has a colour under 4.5:1 on its background (agate's red
      // numbers 3.5:1, monokai's pink keys 3.9:1): examples are shown as plain text.
      syntaxHighlight: false,
    },
    theme: {
      title: 'Kassa API',
      css: [{ filename: 'kassa.css', content: THEME_CSS }],
      js: [{ filename: 'kassa.js', content: THEME_JS }],
    },
  });
};
