import { describe, expect, it } from "vitest";
import {
  BodyTooLargeError,
  DEFAULT_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
  bodyLimitFor,
  isSameOrigin,
  limitBody,
} from "./request-guards.ts";

const post = (headers: Record<string, string>, body?: BodyInit) =>
  new Request("http://tavola.local:3000/login", {
    method: "POST",
    headers,
    body: body ?? "a=1",
    duplex: "half",
  } as RequestInit);

describe("isSameOrigin", () => {
  it("accepts the site's own origin and the configured public URL", () => {
    expect(isSameOrigin(post({ origin: "http://tavola.local:3000" }), undefined)).toBe(true);
    expect(isSameOrigin(post({ origin: "https://tavola.example" }), "https://tavola.example")).toBe(true);
  });

  it("refuses a foreign or opaque origin", () => {
    expect(isSameOrigin(post({ origin: "https://evil.example" }), undefined)).toBe(false);
    expect(isSameOrigin(post({ origin: "http://tavola.local:4000" }), undefined)).toBe(false);
    expect(isSameOrigin(post({ origin: "null" }), undefined)).toBe(false);
  });

  it("lets a client without Origin through: it cannot carry a victim's cookie", () => {
    expect(isSameOrigin(post({}), undefined)).toBe(true);
  });
});

describe("body limits", () => {
  it("gives upload screens more room than forms", () => {
    expect(bodyLimitFor("/login")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/admin/gallery")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/gallery.data")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/galleryx")).toBe(DEFAULT_BODY_LIMIT);
  });

  it("refuses a declared length over the limit before reading", async () => {
    await expect(
      limitBody(post({ "content-length": "2000" }, "x".repeat(2000)), 1000),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
    const small = await limitBody(post({ "content-length": "3" }, "a=1"), 1000);
    expect(await small.text()).toBe("a=1");
  });

  it("counts a streamed body without length and refuses it past the limit", async () => {
    const stream = (size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < size; sent += 100)
            controller.enqueue(new Uint8Array(Math.min(100, size - sent)).fill(97));
          controller.close();
        },
      });
    await expect(limitBody(post({}, stream(1500)), 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
    const accepted = await limitBody(post({}, stream(900)), 1000);
    expect((await accepted.text()).length).toBe(900);
    expect(accepted.headers.get("content-length")).toBe("900");
  });
});
