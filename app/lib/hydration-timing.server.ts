import { Transform } from "node:stream";

/**
 * The page's scripts wait until it has loaded (decision 0008). React Router writes a preload for
 * every script into the head and a module script at the end whose imports fetch them at once; on a
 * phone's connection those scripts (about 170 KB) then share the line with the fonts and the hero
 * picture the first paint needs. Rewritten on the way out, the preloads are gone and the module
 * script imports the same modules only once the page has loaded — or at once when the guest touches,
 * clicks or types first. The page reads and works without them until then (links, forms), exactly as
 * it is rendered; React then hydrates it as before.
 */
const PRELOAD = '<link rel="modulepreload"';
const SCRIPT = "<script";
const CARRY = PRELOAD.length - 1;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");\n?/g;

/** The module script's body, with its static imports turned into imports after load. */
export function deferModuleScript(body: string): string {
  const imports = [...body.matchAll(STATIC_IMPORT)].map((match) => ({ name: match[1], from: match[2] }));
  const rest = body.replace(STATIC_IMPORT, "");
  return [
    "const hydrate = () => Promise.all([",
    imports.map((entry) => `import(${entry.from})`).join(", "),
    `]).then(([${imports.map((entry) => entry.name).join(", ")}]) => {${rest}\n});`,
    "let started = false;",
    // A page whose scripts cannot be loaded lets a press kept for them go where it points (app/lib/early-input.ts).
    "const start = () => { if (!started) { started = true; hydrate().catch(() => window.__tavolaEarly?.fail()); } };",
    'if (document.readyState === "complete") start();',
    'else for (const type of ["load", "pointerdown", "keydown", "touchstart"]) addEventListener(type, start, { once: true, passive: true, capture: true });',
  ].join("\n");
}

/** Rewrites one complete tag (a preload is dropped, a module script deferred), or `undefined` to wait for more. */
function rewriteTag(text: string, at: number): { output: string; end: number } | undefined {
  if (text.startsWith(PRELOAD, at)) {
    const end = text.indexOf(">", at);
    return end === -1 ? undefined : { output: "", end: end + 1 };
  }
  const openEnd = text.indexOf(">", at);
  if (openEnd === -1) return undefined;
  const openTag = text.slice(at, openEnd + 1);
  if (!openTag.includes('type="module"')) return { output: openTag, end: openEnd + 1 };
  const close = text.indexOf("</script>", openEnd);
  if (close === -1) return undefined;
  const body = text.slice(openEnd + 1, close);
  return { output: `${openTag}${deferModuleScript(body)}</script>`, end: close + "</script>".length };
}

export function hydrateAfterLoad(): Transform {
  // Latin-1 maps bytes one to one, so no character of the page is cut in half by the rewrite.
  let pending = "";
  const drain = (final: boolean): string => {
    let output = "";
    for (;;) {
      const preload = pending.indexOf(PRELOAD);
      const script = pending.indexOf(SCRIPT);
      const at = [preload, script].filter((index) => index !== -1).sort((a, b) => a - b)[0];
      if (at === undefined) {
        const keep = final ? 0 : Math.min(CARRY, pending.length);
        output += pending.slice(0, pending.length - keep);
        pending = pending.slice(pending.length - keep);
        return output;
      }
      output += pending.slice(0, at);
      pending = pending.slice(at);
      const rewritten = rewriteTag(pending, 0);
      if (!rewritten) {
        if (!final) return output;
        output += pending;
        pending = "";
        return output;
      }
      output += rewritten.output;
      pending = pending.slice(rewritten.end);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += chunk.toString("latin1");
      const output = drain(false);
      callback(null, output ? Buffer.from(output, "latin1") : undefined);
    },
    flush(callback) {
      const output = drain(true);
      callback(null, output ? Buffer.from(output, "latin1") : null);
    },
  });
}
