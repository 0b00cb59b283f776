import { Transform } from "node:stream";

/**
 * Marks React Router's script preloads `fetchpriority="low"` in a rendered page (decision 0008).
 * Without it the browser fetches the hydration scripts at high priority, ahead of the hero picture
 * and the fonts the first paint needs, and Lighthouse counts every one of them as blocking that
 * paint. The scripts still load in parallel at once; they only stop competing with what the guest
 * sees first. React Router has no option for it, so the page's bytes are rewritten on the way out.
 */
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY = '<link rel="modulepreload" fetchpriority="low"';

export function lowPriorityScriptPreloads(): Transform {
  // A tag may be split between two chunks: the last few bytes wait for the next one. Latin-1 maps
  // bytes one to one, so no character of the page is cut in half by the rewrite.
  let carry = "";
  const keep = PRELOAD.length - 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = (carry + chunk.toString("latin1")).replaceAll(PRELOAD, LOW_PRIORITY);
      carry = text.slice(-keep);
      callback(null, Buffer.from(text.slice(0, -keep), "latin1"));
    },
    flush(callback) {
      callback(null, carry ? Buffer.from(carry, "latin1") : null);
    },
  });
}
