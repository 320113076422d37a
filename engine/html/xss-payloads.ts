// Well-known stored-script payloads (OWASP's filter-evasion cheat sheet, mutation XSS, DOMPurify's
// and sanitize-html's regression cases), shared by the sanitiser's tests and the browser test that
// stores them in every rich-text and HTML field. Each calls `xss(name)` when it runs, so a test
// that defines `window.xss` sees exactly which one ran.
export const XSS_PAYLOADS: readonly { name: string; html: string }[] = [
  { name: 'script', html: '<script>xss("script")</script>' },
  { name: 'img-onerror', html: '<img src=x onerror="xss(\'img-onerror\')">' },
  { name: 'img-onerror-unquoted', html: '<IMG SRC=/ onerror=xss(\'img-onerror-unquoted\')>' },
  { name: 'svg-onload', html: '<svg onload="xss(\'svg-onload\')"></svg>' },
  { name: 'svg-animate', html: '<svg><animate onbegin="xss(\'svg-animate\')" attributeName="x" dur="1s"></animate></svg>' },
  { name: 'body-onload', html: '<body onload="xss(\'body-onload\')">' },
  { name: 'iframe-javascript', html: '<iframe src="javascript:parent.xss(\'iframe-javascript\')"></iframe>' },
  { name: 'iframe-srcdoc', html: '<iframe srcdoc="<script>parent.xss(\'iframe-srcdoc\')</script>"></iframe>' },
  { name: 'details-ontoggle', html: '<details open ontoggle="xss(\'details-ontoggle\')"><summary>x</summary></details>' },
  { name: 'input-autofocus', html: '<input autofocus onfocus="xss(\'input-autofocus\')">' },
  { name: 'video-source', html: '<video><source onerror="xss(\'video-source\')"></video>' },
  { name: 'object-data', html: '<object data="data:text/html,<script>parent.xss(\'object-data\')</script>"></object>' },
  { name: 'embed-src', html: '<embed src="javascript:xss(\'embed-src\')">' },
  { name: 'link-javascript', html: '<a id="xss-link-javascript" href="javascript:xss(\'link-javascript\')">link</a>' },
  { name: 'link-entity-javascript', html: '<a id="xss-link-entity" href="jav&#x09;ascript&#58;xss(\'link-entity-javascript\')">link</a>' },
  { name: 'link-data', html: '<a id="xss-link-data" href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQueHNzKCdsaW5rLWRhdGEnKTwvc2NyaXB0Pg==">link</a>' },
  { name: 'style-onload', html: '<style onload="xss(\'style-onload\')">*{}</style>' },
  { name: 'div-onmouseover', html: '<div onmouseover="xss(\'div-onmouseover\')" style="position:fixed;inset:0">cover</div>' },
  { name: 'attribute-breakout', html: '"><img src=x onerror="xss(\'attribute-breakout\')">' },
  { name: 'noscript-mxss', html: '<noscript><p title="</noscript><img src=x onerror=xss(\'noscript-mxss\')>"></noscript>' },
  { name: 'math-mxss', html: '<math><mtext><table><mglyph><style><img src=x onerror=xss(\'math-mxss\')></style></mglyph></table></mtext></math>' },
  { name: 'form-formaction', html: '<form><button id="xss-formaction" formaction="javascript:xss(\'form-formaction\')">go</button></form>' },
  { name: 'meta-refresh', html: '<meta http-equiv="refresh" content="0;url=javascript:xss(\'meta-refresh\')">' },
  { name: 'base-href', html: '<base href="javascript:xss(\'base-href\')//">' },
  { name: 'marquee-onstart', html: '<marquee onstart="xss(\'marquee-onstart\')">m</marquee>' },
  { name: 'template-script', html: '<template><script>xss("template-script")</script></template>' },
  { name: 'comment-breakout', html: '<!--><img src=x onerror=xss(\'comment-breakout\')>-->' },
];

/** Every payload in one piece of text, as an attacker would paste them. */
export const XSS_ALL = XSS_PAYLOADS.map((p) => p.html).join('\n');
