import { describe, expect, it } from "vitest";
import {
  BodyTooLargeError,
  DEFAULT_BODY_LIMIT,
  isFromThisSite,
  loggedPath,
  withVouchedOrigin,
  isUploadRoute,
  limitBody,
} from "./request-guards.ts";

const post = (headers: Record<string, string>, body?: BodyInit) =>
  new Request("http://tavola.local:3000/login", {
    method: "POST",
    headers,
    body: body ?? "a=1",
    duplex: "half",
  } as RequestInit);

const site = { publicUrl: undefined, sessionCookieName: "tavola_session" };
const withSession = "tavola_session=" + "a".repeat(43);

describe("isFromThisSite", () => {
  it("accepts the site's own origin and the configured public URL", () => {
    expect(isFromThisSite(post({ origin: "http://tavola.local:3000" }), site)).toBe(true);
    expect(
      isFromThisSite(post({ origin: "https://tavola.example" }), {
        ...site,
        publicUrl: "https://tavola.example",
      }),
    ).toBe(true);
  });

  it("refuses a foreign or opaque origin", () => {
    expect(isFromThisSite(post({ origin: "https://evil.example" }), site)).toBe(false);
    expect(isFromThisSite(post({ origin: "http://tavola.local:4000" }), site)).toBe(false);
    expect(isFromThisSite(post({ origin: "null" }), site)).toBe(false);
    expect(isFromThisSite(post({ origin: "null", "sec-fetch-site": "cross-site" }), site)).toBe(false);
  });

  it("lets an opaque origin through on the guest's link when the browser says the form was on this site (a page without referrer)", async () => {
    const onLogin = post({ origin: "null", "sec-fetch-site": "same-origin" });
    expect(isFromThisSite(onLogin, site)).toBe(false);
    const request = new Request("http://tavola.local:3000/reservierung/abc", {
      method: "POST",
      headers: { origin: "null", "sec-fetch-site": "same-origin" },
      body: "intent=cancel",
    });
    expect(isFromThisSite(request, site)).toBe(true);
    // Handed on with this site's origin, which React Router's own check of actions asks for.
    const vouched = withVouchedOrigin(request);
    expect(vouched.headers.get("origin")).toBe("http://tavola.local:3000");
    expect(await vouched.text()).toBe("intent=cancel");
    const foreign = post({ origin: "https://evil.example" });
    expect(withVouchedOrigin(foreign)).toBe(foreign);
  });

  it("keeps a guest's token out of the logged path", () => {
    expect(loggedPath("/reservierung/TrIlyjKcJN2E9Waj7JopqRFAdPPcBqhb")).toBe("/reservierung/…");
    expect(loggedPath("/reservierung/TrIlyjKcJN2E9Waj7JopqRFAdPPcBqhb.data")).toBe("/reservierung/…");
    // Any case and percent-encoding reaches the same route (React Router decodes and ignores case).
    expect(loggedPath("/RESERVIERUNG/TrIlyjKcJN2E9Waj7JopqRFAdPPcBqhb")).toBe("/reservierung/…");
    expect(loggedPath("/Reservierung/TrIlyjKcJN2E9Waj7JopqRFAdPPcBqhb/x")).toBe("/reservierung/…/x");
    expect(loggedPath("/%72eservierung/TrIlyjKcJN2E9Waj7JopqRFAdPPcBqhb")).toBe("/reservierung/…");
    expect(loggedPath("/reservieren")).toBe("/reservieren");
    expect(loggedPath("/admin/reservations")).toBe("/admin/reservations");
  });

  it("lets a client without Origin through only when it carries no staff session", () => {
    expect(isFromThisSite(post({}), site)).toBe(true);
    expect(isFromThisSite(post({ cookie: "andere=1" }), site)).toBe(true);
    expect(isFromThisSite(post({ cookie: withSession }), site)).toBe(false);
    expect(
      isFromThisSite(post({ cookie: `x=1; ${withSession}`, "sec-fetch-site": "cross-site" }), site),
    ).toBe(false);
    expect(isFromThisSite(post({ cookie: withSession, "sec-fetch-site": "same-origin" }), site)).toBe(true);
  });
});

describe("body limits", () => {
  it("knows upload routes by path, and no route takes uploads yet", () => {
    expect(isUploadRoute("/admin/gallery")).toBe(false);
    expect(isUploadRoute("/admin/gallery", ["/admin/gallery"])).toBe(true);
    expect(isUploadRoute("/admin/gallery.data", ["/admin/gallery"])).toBe(true);
    expect(isUploadRoute("/admin/galleryx", ["/admin/gallery"])).toBe(false);
    expect(DEFAULT_BODY_LIMIT).toBe(1024 * 1024);
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

  it("for uploads, counts a streamed body on its way without collecting it, and fails it past the limit", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 100;
        controller.enqueue(new Uint8Array(100).fill(97));
      },
    });
    // Handed on at once: nothing was read yet.
    const passed = await limitBody(post({}, endless), 1000, { streaming: true });
    expect(pulled).toBeLessThanOrEqual(200);
    await expect(passed.arrayBuffer()).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBeLessThan(1300);
    const small = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(900).fill(98));
        controller.close();
      },
    });
    const accepted = await limitBody(post({}, small), 1000, { streaming: true });
    expect((await accepted.text()).length).toBe(900);
  });
});
