import { Link } from "react-router";
import { AuthCard } from "../../features/auth/index.ts";
import { siteMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/password-help";

export const meta: Route.MetaFunction = () => siteMeta({ title: "Passwort vergessen", noindex: true });

/** There is no e-mail reset on purpose: the person who runs the server sets a new password. */
export default function PasswordHelp() {
  return (
    <AuthCard title="Passwort vergessen?" description="So bekommen Sie wieder Zugang zum Verwaltungsbereich.">
      <div className="space-y-4 text-sm leading-relaxed">
        <p>
          Aus Sicherheitsgründen lässt sich das Passwort nicht per E-Mail zurücksetzen. Ein neues Passwort
          vergibt die Person, die den Server des Restaurants betreut:
        </p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>Auf dem Server im Verzeichnis der Anwendung folgenden Befehl ausführen:</li>
        </ol>
        <pre className="overflow-x-auto rounded-md bg-stone-100 p-3 text-xs">
          <code>npm run staff -- set-password IHR-BENUTZERNAME</code>
        </pre>
        <ol start={2} className="list-decimal space-y-2 pl-5">
          <li>
            Das neue Passwort zweimal eingeben (mindestens 10 Zeichen). Alle offenen Sitzungen dieses Kontos
            werden dabei beendet.
          </li>
          <li>Mit dem neuen Passwort hier anmelden.</li>
        </ol>
        <p>Wer den Server nicht selbst betreut, wendet sich an die Geschäftsleitung.</p>
      </div>
      <Link
        to="/login"
        className="mt-6 inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        Zurück zur Anmeldung
      </Link>
    </AuthCard>
  );
}
