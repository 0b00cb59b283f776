/**
 * Security headers for every response. Scripts run only from our origin or with this request's
 * nonce (React Router's inline hydration scripts carry it); nothing may frame the site.
 */
export interface SecurityHeaderOptions {
  nonce: string;
  /** HSTS only when the public URL is https: sending it over plain http would lock out local use. */
  hsts: boolean;
  /** Vite's dev server injects inline scripts and talks over a websocket. */
  development: boolean;
}

export function contentSecurityPolicy({
  nonce,
  development,
}: Pick<SecurityHeaderOptions, "nonce" | "development">): string {
  const directives = [
    "default-src 'self'",
    development ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
    // Inline styles stay allowed: React's style props and the toast library's injected sheet need them.
    "style-src 'self' 'unsafe-inline'",
    // Staff may point a content picture at an https address of their own choosing (docs/decisions/0006).
    "img-src 'self' data: blob: https:",
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
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (options.hsts) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}
