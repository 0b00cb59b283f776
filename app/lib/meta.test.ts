import { describe, expect, it } from "vitest";
import { canonicalUrl, siteMeta } from "./meta.ts";

const content = (tags: ReturnType<typeof siteMeta>, key: string) =>
  tags.find((tag) => ("property" in tag && tag.property === key) || ("name" in tag && tag.name === key));

describe("siteMeta", () => {
  it("gives public pages a title, a description and Open Graph and Twitter tags", () => {
    const tags = siteMeta({ title: "Impressum", description: "Impressum von Ristorante Tavola." });
    expect(tags[0]).toEqual({ title: "Impressum | Ristorante Tavola" });
    expect(content(tags, "description")).toMatchObject({ content: "Impressum von Ristorante Tavola." });
    expect(content(tags, "og:title")).toMatchObject({ content: "Impressum | Ristorante Tavola" });
    expect(content(tags, "og:description")).toMatchObject({ content: "Impressum von Ristorante Tavola." });
    expect(content(tags, "og:type")).toMatchObject({ content: "website" });
    expect(content(tags, "og:locale")).toMatchObject({ content: "de_DE" });
    expect(content(tags, "og:site_name")).toMatchObject({ content: "Ristorante Tavola" });
    expect(content(tags, "twitter:card")).toMatchObject({ content: "summary_large_image" });
    expect(content(tags, "robots")).toBeUndefined();
  });

  it("keeps staff pages out of search results and sharing", () => {
    const tags = siteMeta({ title: "Verwaltung", noindex: true });
    expect(content(tags, "robots")).toMatchObject({ content: "noindex, nofollow" });
    expect(tags.some((tag) => "property" in tag)).toBe(false);
  });
});

describe("canonicalUrl", () => {
  it("joins origin and path", () => {
    expect(canonicalUrl("https://tavola.de", "/impressum")).toBe("https://tavola.de/impressum");
    expect(canonicalUrl("https://tavola.de", "/")).toBe("https://tavola.de/");
  });
});
