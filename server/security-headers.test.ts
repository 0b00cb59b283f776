import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { applySecurityHeaders, contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";

describe("security headers", () => {
  it("allows scripts only from the site and with this request's nonce, and no framing", () => {
    const policy = contentSecurityPolicy({ scripts: { nonce: "abc123" }, development: false });
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("allows a kept page's inline scripts by their hashes, and no nonce; none at all for the build's files", () => {
    const policy = contentSecurityPolicy({
      scripts: { hashes: ["sha256-AAA=", "sha256-BBB="] },
      development: false,
    });
    expect(policy.split("; ")).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB='");
    expect(policy).not.toContain("nonce");
    expect(contentSecurityPolicy({ scripts: { hashes: [] }, development: false }).split("; ")).toContain(
      "script-src 'self'",
    );
  });

  it("hashes exactly the inline scripts that carry the render's nonce, over their UTF-8 bytes", () => {
    const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
    const first = 'console.log("Grüße");';
    const module = "import('/assets/a.js')";
    const html = Buffer.from(
      `<!DOCTYPE html><html><head><script type="application/ld+json">{"a":1}</script></head><body>` +
        `<script nonce="n1">${first}</script><p>Text</p><script nonce="other">alert(1)</script>` +
        `<script src="/assets/x.js" nonce="n1"></script><script type="module" nonce="n1">${module}</script>` +
        `<script nonce="n1">${first}</script></body></html>`,
    );
    expect(inlineScriptHashes(html, "n1")).toEqual([sha(first), sha(""), sha(module)]);
    expect(inlineScriptHashes(Buffer.from("<p>no scripts</p>"), "n1")).toEqual([]);
  });

  it("lets staff point pictures at an https address, but nothing else at another host", () => {
    const directives = contentSecurityPolicy({ scripts: { nonce: "n" }, development: false }).split("; ");
    expect(directives).toContain("img-src 'self' data: blob: https:");
    for (const name of ["default-src", "style-src", "font-src", "connect-src"])
      expect(directives.find((directive) => directive.startsWith(name))).not.toMatch(/https:|\*/);
  });

  it("sets nosniff, a strict referrer policy, and HSTS only when asked", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { scripts: { nonce: "n" }, hsts: false, development: false });
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.has("strict-transport-security")).toBe(false);
    applySecurityHeaders(headers, { scripts: { nonce: "n" }, hsts: true, development: false });
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });
});
