/**
 * Security headers for every response. Scripts run only from our origin, or inline when the answer
 * allows them: by this request's nonce (React Router's inline hydration scripts carry it), or — for
 * a page kept in memory and sent to every guest — by their hashes; nothing may frame the site.
 */
import { createHash } from "node:crypto";
import { publicPicturesUrlInUse } from "../app/common/pictures/uploaded-pictures.ts";

/**
 * The inline scripts an answer may run. A nonce is for one answer only; a kept page's answer goes to
 * every guest, so it names its scripts' hashes instead, and a nonce read from it opens nothing
 * (decision 0026).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

export interface SecurityHeaderOptions {
  scripts: InlineScripts;
  /** HSTS only when the public URL is https: sending it over plain http would lock out local use. */
  hsts: boolean;
  /** Vite's dev server injects inline scripts and talks over a websocket. */
  development: boolean;
}

const scriptSources = (scripts: InlineScripts) =>
  "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'${hash}'`);

/** The origin of S3_PUBLIC_URL, unless `https:` already allows it. */
function picturesOrigin(): string {
  const url = publicPicturesUrlInUse();
  if (!url) return "";
  const { origin, protocol } = new URL(url);
  return protocol === "https:" ? "" : ` ${origin}`;
}

export function contentSecurityPolicy({
  scripts,
  development,
}: Pick<SecurityHeaderOptions, "scripts" | "development">): string {
  const directives = [
    "default-src 'self'",
    development
      ? "script-src 'self' 'unsafe-inline'"
      : ["script-src 'self'", ...scriptSources(scripts)].join(" "),
    // Inline styles stay allowed: React's style props and the toast library's injected sheet need them.
    "style-src 'self' 'unsafe-inline'",
    // Staff may point a content picture at an https address of their own choosing (docs/decisions/0006);
    // pages link uploaded pictures to S3_PUBLIC_URL when it is set, which may be plain http (0038).
    `img-src 'self' data: blob: https:${picturesOrigin()}`,
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  // A page may ask for less: the guest's link sends no referrer at all (decision 0033).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (options.hsts) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const TAG_END = ">".charCodeAt(0);

/**
 * The CSP hashes (`sha256-…`) of a page's inline scripts that carry `nonce`: exactly the scripts the
 * render allowed, hashed over their bytes as the browser hashes them (the page is UTF-8). A page
 * kept in memory is answered with these instead of its nonce (decision 0026); they are made once,
 * when the page is kept.
 */
export function inlineScriptHashes(html: Buffer, nonce: string): string[] {
  const allowed = `nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (let at = html.indexOf(SCRIPT_OPEN); at !== -1; at = html.indexOf(SCRIPT_OPEN, at)) {
    const openEnd = html.indexOf(TAG_END, at);
    const close = openEnd === -1 ? -1 : html.indexOf(SCRIPT_CLOSE, openEnd);
    if (close === -1) break;
    if (html.toString("latin1", at, openEnd).includes(allowed))
      hashes.add(
        `sha256-${createHash("sha256")
          .update(html.subarray(openEnd + 1, close))
          .digest("base64")}`,
      );
    at = close + SCRIPT_CLOSE.length;
  }
  return [...hashes];
}
