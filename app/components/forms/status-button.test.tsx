import { Save } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusButton } from "./status-button.tsx";

const render = (props: Partial<Parameters<typeof StatusButton>[0]> = {}) =>
  renderToStaticMarkup(
    <StatusButton pendingText="Speichere..." icon={<Save aria-hidden="true" />} {...props}>
      Speichern
    </StatusButton>,
  );
const buttonOf = (html: string) => /<button([^>]*)>(.*?)<\/button>/.exec(html) ?? ["", "", ""];
const liveTextOf = (html: string) => /<span role="status"[^>]*>(.*?)<\/span>/.exec(html)?.[1];

describe("StatusButton", () => {
  it("idle: a submit button with its label and icon, and an empty live region beside it", () => {
    const html = render();
    const [, attributes, content] = buttonOf(html);
    expect(attributes).toContain('type="submit"');
    expect(attributes).not.toContain(`disabled=""`);
    expect(attributes).not.toContain("aria-busy");
    expect(content).toContain("Speichern");
    expect(content).toContain("lucide-save");
    expect(liveTextOf(html)).toBe("");
  });

  it("pending: says 'Speichere...', is disabled and busy, and the live region says it too", () => {
    const html = render({ status: "pending" });
    const [, attributes, content] = buttonOf(html);
    expect(attributes).toContain('disabled=""');
    expect(attributes).toContain('aria-busy="true"');
    expect(content).toContain("Speichere...");
    expect(content).not.toContain("Speichern");
    expect(content).toContain("animate-spin");
    expect(liveTextOf(html)).toBe("Speichere...");
  });

  it("success and error: an icon, and the screen's text for screen readers when given", () => {
    const success = render({ status: "success", statusText: { success: "Gespeichert" } });
    expect(buttonOf(success)[2]).toContain("lucide-check");
    expect(buttonOf(success)[1]).not.toContain(`disabled=""`);
    expect(liveTextOf(success)).toBe("Gespeichert");
    const error = render({ status: "error" });
    expect(buttonOf(error)[2]).toContain("lucide-circle-alert");
    expect(liveTextOf(error)).toBe("");
  });

  it("stays disabled when the screen disables it, and passes name and value on", () => {
    const [, attributes] = buttonOf(render({ disabled: true, name: "intent", value: "save" }));
    expect(attributes).toContain('disabled=""');
    expect(attributes).toContain('name="intent"');
    expect(attributes).toContain('value="save"');
  });
});
