/**
 * The test page for the A2UI reference renderer (`@a2ui/lit` v0.9 with `@a2ui/web_core`'s
 * MessageProcessor and basic catalog): `window.a2ui.render(messages)` draws the surfaces a server run
 * sent, each in its own `<a2ui-surface>`, and every action the renderer dispatches is kept in
 * `window.a2ui.actions`, as a client would send it back. Bundled with esbuild by the browser test.
 */
import { MessageProcessor } from "@a2ui/web_core/v0_9";
import { basicCatalog, type A2uiSurface } from "@a2ui/lit/v0_9";

const actions: unknown[] = [];
const processor = new MessageProcessor([basicCatalog], (action) => void actions.push(action));
processor.onSurfaceCreated((surface) => {
  const shown = document.createElement("a2ui-surface") as A2uiSurface;
  shown.surface = surface;
  shown.dataset.surface = surface.id;
  document.getElementById("surfaces")!.append(shown);
});
processor.onSurfaceDeleted((id) => document.querySelector(`a2ui-surface[data-surface="${id}"]`)?.remove());

(window as unknown as { a2ui: unknown }).a2ui = {
  render: (messages: Parameters<typeof processor.processMessages>[0]) => processor.processMessages(messages),
  actions,
};
