/**
 * The Studio's page (`GET /`) and its script and style under `/studio/page/`, bundled at `prepare` time
 * into `packages/studio/page-dist/` (CodeMirror 6 with the page's own code; no dev server). Scripts
 * come only from this origin; inline styles are allowed because CodeMirror writes its theme as style
 * elements, and the procedure view is the `flow procedure` page (inline CSS, no script) in a sandboxed
 * frame.
 */
import { serveBuiltFile } from "@skillflow/server";

const BUILT = new URL("../../page-dist/", import.meta.url);
const ASSETS: Record<string, string> = {
  "studio.js": "text/javascript; charset=utf-8",
  "studio.css": "text/css; charset=utf-8",
};
const SECURITY = {
  "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

export function studioHtml(): Response {
  return new Response(HTML, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...SECURITY } });
}

export function studioAsset(request: Request, name: string): Promise<Response> {
  return serveBuiltFile({ folder: BUILT, types: ASSETS, what: "The Studio page", headers: SECURITY }, request, name);
}

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skillflow Studio</title>
<link rel="stylesheet" href="studio/page/studio.css">
</head>
<body>
<header class="bar">
<h1>Skillflow Studio</h1>
<label for="skill">Skill</label><select id="skill"></select>
<span id="verdict" class="verdict" role="status" aria-live="polite"></span>
<button type="button" id="save">Save</button>
<span id="saved" class="quiet-text" role="status"></span>
<span class="grow"></span>
<span id="who" class="quiet-text"></span>
</header>
<form id="sign-in" class="sign-in" hidden autocomplete="off">
<label for="author">Author id</label><input id="author" name="author" required>
<label for="credential">Credential</label><input id="credential" name="credential" type="password" required>
<button type="submit">Sign in</button>
<span id="sign-in-status" role="status"></span>
</form>
<main class="studio">
<section class="editor-pane" aria-label="SKILL.md">
<div id="editor" class="editor"></div>
<ol id="problems" class="problems" aria-label="Problems"></ol>
</section>
<section class="side" aria-label="Views">
<nav class="tabs" role="tablist">
<button type="button" role="tab" data-view="canvas" aria-selected="true">Canvas</button>
<button type="button" role="tab" data-view="proved">What it proved</button>
<button type="button" role="tab" data-view="procedure">Procedure</button>
<button type="button" role="tab" data-view="proofs">Proofs</button>
<button type="button" role="tab" data-view="flow">Flow</button>
<button type="button" role="tab" data-view="history">History</button>
<button type="button" role="tab" data-view="draft">Draft</button>
</nav>
<div id="view-canvas" class="view" role="tabpanel"></div>
<div id="view-proved" class="view" role="tabpanel" hidden></div>
<div id="view-procedure" class="view" role="tabpanel" hidden></div>
<div id="view-proofs" class="view" role="tabpanel" hidden><button type="button" id="run-proofs">Run the proofs</button><div id="proofs-out"></div></div>
<div id="view-flow" class="view" role="tabpanel" hidden><div class="buttons"><button type="button" id="run-flow">Run this text</button><button type="button" id="reset-flow" disabled>Reset the conversation</button><a id="approve-link" hidden target="_blank">Approvals</a></div><p id="flow-status" class="quiet-text" role="status"></p><iframe id="flow-frame" title="Flow page" hidden></iframe></div>
<div id="view-history" class="view" role="tabpanel" hidden><ol id="versions" class="versions"></ol><div class="buttons"><button type="button" id="diff" disabled>Compare the two checked</button></div><div id="diff-out"></div></div>
<div id="view-draft" class="view" role="tabpanel" hidden><form id="draft-form"><label for="sentence">Draft this skill from a sentence (with its tools.ts)</label><textarea id="sentence" rows="3" required></textarea><button type="submit">Draft</button></form><div id="draft-out"></div></div>
</section>
</main>
<script type="module" src="studio/page/studio.js"></script>
</body>
</html>
`;
