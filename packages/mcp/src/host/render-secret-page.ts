/** The HTML of a secret page: the form, a refusal, a thank-you, or an expired link. Pure. */

export type SecretPageState = { question: string; refused?: boolean } | { received: true } | { expired: true };

export function renderSecretPage(state: SecretPageState): string {
  const body = "expired" in state
    ? "<p>This link has expired or was already used. Go back to the conversation and ask again.</p>"
    : "received" in state
      ? "<p>Received. You can close this page and go back to the conversation.</p>"
      : `<form method="post">
  <label for="value">${escape(state.question)}</label>
  <input id="value" name="value" type="password" autocomplete="off" autofocus required>
  ${state.refused ? '<p class="refused">That does not look right. Please type it again.</p>' : ""}
  <button type="submit">Send</button>
  <p class="note">What you type goes to Skillflow only, not to the assistant.</p>
</form>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Skillflow</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}label{display:block;margin-bottom:.5rem}
input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}button{margin-top:1rem;font:inherit;padding:.4rem 1rem}
.refused{color:#b00020}.note{color:#555;font-size:.9rem}</style></head>
<body>${body}</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
