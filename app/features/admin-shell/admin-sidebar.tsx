import { FileSearch, LogOut, Menu, UserRound, UsersRound, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { Form, NavLink } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from "../../components/ui/sheet.tsx";
import type { StaffRole } from "../../../db/database.types.ts";
import { cn } from "../../lib/utils.ts";
import { adminScreens, eveningScreens } from "./navigation.ts";

interface SidebarLink {
  path: string;
  label: string;
  icon: LucideIcon;
}

function LinkList({
  links,
  onNavigate,
  className,
}: {
  links: SidebarLink[];
  onNavigate?: (() => void) | undefined;
  className?: string;
}) {
  return (
    <ul className={cn("space-y-1", className)}>
      {links.map(({ path, label, icon: Icon }) => (
        <li key={path}>
          <NavLink
            to={path}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                isActive ? "bg-brand-700 text-white" : "text-stone-200 hover:bg-white/10 hover:text-white",
              )
            }
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * While an account has steps to do on Mein Konto first (decision 0027): what they are and why
 * nothing else opens, in the words the route hands over.
 */
export interface SidebarRestriction {
  steps: string[];
  note: string;
}

/**
 * The eight staff screens; under a restriction none of them opens, and the sidebar says why instead
 * of offering links that lead back to Mein Konto.
 */
function NavigationLinks({
  restriction,
  onNavigate,
}: {
  restriction: SidebarRestriction | undefined;
  onNavigate?: () => void;
}) {
  if (restriction)
    return (
      <div role="note" className="rounded-md border border-amber-300/60 p-3 text-sm text-stone-100">
        <p className="font-semibold text-white">Zuerst „Mein Konto“</p>
        <ul className="mt-1 list-disc space-y-1 pl-4">
          {restriction.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        <p className="mt-1">{restriction.note}</p>
      </div>
    );
  return <LinkList links={adminScreens} onNavigate={onNavigate} />;
}

/** 'Service' and the other screens of the evening (decision 0034); not offered while steps are pending. */
function EveningLinks({ restricted, onNavigate }: { restricted: boolean; onNavigate?: () => void }) {
  if (restricted) return null;
  return (
    <nav aria-label="Betrieb">
      <LinkList
        links={eveningScreens}
        onNavigate={onNavigate}
        className="mt-2 border-t border-white/10 pt-2"
      />
    </nav>
  );
}

/**
 * The staff member's own account, and for owners everyone's and a guest's data ('Gastdaten', a
 * guest's request under Art. 15/17 GDPR): below the eight screens of docs/product/staff.md#screens.
 */
function AccountLinks({
  role,
  restricted,
  onNavigate,
}: {
  role: StaffRole;
  restricted: boolean;
  onNavigate?: () => void;
}) {
  const links: SidebarLink[] = [
    { path: "/admin/konto", label: "Mein Konto", icon: UserRound },
    ...(role === "owner" && !restricted
      ? [
          { path: "/admin/konten", label: "Konten", icon: UsersRound },
          { path: "/admin/gastdaten", label: "Gastdaten", icon: FileSearch },
        ]
      : []),
  ];
  return <LinkList links={links} onNavigate={onNavigate} className="mb-2 border-t border-white/10 pt-2" />;
}

function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <Button
        type="submit"
        variant="ghost"
        className="w-full justify-start text-stone-200 hover:bg-white/10 hover:text-white"
      >
        <LogOut aria-hidden="true" />
        Logout
      </Button>
    </Form>
  );
}

function Brand() {
  return (
    <p className="font-serif text-xl font-bold text-white">
      Tavola{" "}
      <span className="font-sans text-xs font-medium tracking-wider text-stone-300 uppercase">Admin</span>
    </p>
  );
}

/** The staff area's sidebar; below 768 px a top bar whose menu button opens the same entries in a drawer. */
export function AdminSidebar({
  username,
  role,
  restriction,
}: {
  /** Undefined where the account is not known for sure (the admin layout's error boundary). */
  username: string | undefined;
  role: StaffRole;
  restriction?: SidebarRestriction | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col bg-ink p-4 md:flex">
        <div className="px-3 py-2">
          <Brand />
        </div>
        <div className="mt-6 flex-1">
          <nav aria-label="Verwaltung">
            <NavigationLinks restriction={restriction} />
          </nav>
          <EveningLinks restricted={restriction !== undefined} />
        </div>
        <nav aria-label="Konto">
          <AccountLinks role={role} restricted={restriction !== undefined} />
        </nav>
        {username === undefined ? null : (
          <p className="px-3 pb-2 text-xs text-stone-300">Angemeldet als {username}</p>
        )}
        <LogoutButton />
      </aside>
      <div className="sticky top-0 z-30 flex h-14 items-center justify-between bg-ink px-4 md:hidden">
        <Brand />
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="text-white hover:bg-white/10"
              aria-label="Menü öffnen"
            >
              <Menu className="size-6" aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent side="left" className="bg-ink p-4 text-white">
            <SheetTitle className="px-3 py-2">
              <Brand />
            </SheetTitle>
            <SheetDescription className="sr-only">Navigation des Verwaltungsbereichs</SheetDescription>
            <div className="mt-6 flex-1">
              <nav aria-label="Verwaltung">
                <NavigationLinks restriction={restriction} onNavigate={() => setOpen(false)} />
              </nav>
              <EveningLinks restricted={restriction !== undefined} onNavigate={() => setOpen(false)} />
            </div>
            <nav aria-label="Konto">
              <AccountLinks
                role={role}
                restricted={restriction !== undefined}
                onNavigate={() => setOpen(false)}
              />
            </nav>
            {username === undefined ? null : (
              <p className="px-3 pb-2 text-xs text-stone-300">Angemeldet als {username}</p>
            )}
            <LogoutButton />
          </SheetContent>
        </Sheet>
      </div>
    </>
  );
}
