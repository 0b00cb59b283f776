import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../../components/ui/tabs.tsx";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import type { ContentKey, ContentValues } from "../../../../common/content/blocks.ts";
import {
  contentTabs,
  DEFAULT_TAB,
  draftOf,
  findTab,
  type ContentSubmission,
  type TabId,
} from "../../content-form.ts";
import { ContentTabForm } from "./content-tab-form.tsx";

const blockOf = (result: ContentSubmission | undefined): TabId | undefined =>
  result && "block" in result ? result.block : undefined;

/** A plain click is handled by the tabs; a modified click (new tab, new window) follows the link. */
function keepOnPage(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey)
    event.preventDefault();
}

/**
 * The eight tabs of 'Website-Inhalte verwalten'. The chosen tab is in the address (`?tab=hero`), so a
 * reload or a submission without JavaScript comes back to it; the tabs are links, so they also work
 * without JavaScript. Every tab's form stays mounted, keeping what was typed while another tab is open.
 */
export function ContentEditor({
  blocks,
  actionResult,
  action,
}: {
  blocks: ContentValues<ContentKey>;
  actionResult: ContentSubmission | undefined;
  /** Where the forms post to. */
  action: string;
}) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const addressedTab = findTab(searchParams.get("tab"))?.id ?? blockOf(actionResult) ?? DEFAULT_TAB;
  const [tab, setTab] = useState<TabId>(addressedTab);
  // A navigation to another `?tab=` (e.g. the sidebar link) selects that tab.
  const [shownAddress, setShownAddress] = useState(addressedTab);
  if (addressedTab !== shownAddress) {
    setShownAddress(addressedTab);
    setTab(addressedTab);
  }
  // On phones the tab list scrolls sideways: show the chosen tab even when it is far to the right.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>('[data-state="active"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, []);
  const pageLoading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === location.pathname);

  function selectTab(value: string) {
    const next = findTab(value)?.id;
    if (!next) return;
    setTab(next);
    // Only the address changes: switching tabs must not reload the page's data.
    const url = new URL(window.location.href);
    url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <Tabs value={tab} onValueChange={selectTab}>
      <TabsList ref={listRef} aria-label="Bereiche der Website">
        {contentTabs.map((entry) => (
          <TabsTrigger key={entry.id} value={entry.id} asChild>
            <a
              href={`?tab=${entry.id}`}
              type={undefined}
              onClick={keepOnPage}
              // Radix leads the keyboard to the chosen tab with JavaScript; without it, every link is a stop.
              {...(hydrated ? {} : { tabIndex: 0 })}
            >
              {entry.label}
            </a>
          </TabsTrigger>
        ))}
      </TabsList>
      {contentTabs.map((entry) => (
        <TabsContent key={entry.id} value={entry.id} forceMount className="data-[state=inactive]:hidden">
          <ContentTabForm
            tab={entry}
            saved={draftOf(entry, blocks)}
            initialResult={blockOf(actionResult) === entry.id ? actionResult : undefined}
            action={`${action}?tab=${entry.id}`}
            pageLoading={pageLoading}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
