import type { ContactContent } from "../../../common/content/schemas.ts";
import { LegalPage, PhoneAndEmail, ProviderAddress } from "./legal-page.tsx";

/**
 * The periods the restaurant has set ('Reservierungseinstellungen' → 'Datenschutz', decision 0033):
 * the page states what is configured, so changing a setting changes the page.
 */
export interface PrivacyPeriods {
  notesEraseDays: number;
  anonymiseAfterMonths: number;
  /** The reminder the day before is sent at all. */
  reminder: boolean;
  sentMailDays: number;
  failedMailDays: number;
  /** How long backup copies are kept (BACKUP_RETENTION_DAYS, decision 0042). */
  backupDays: number;
}

const days = (count: number) => (count === 1 ? "einen Tag" : `${count} Tage`);
const months = (count: number) => (count === 1 ? "einen Monat" : `${count} Monate`);

export function Datenschutz({ contact, periods }: { contact: ContactContent; periods: PrivacyPeriods }) {
  return (
    <LegalPage title="Datenschutzerklärung">
      <p>
        Der Schutz Ihrer persönlichen Daten ist uns wichtig. Mit dieser Datenschutzerklärung informieren wir
        Sie gemäß Art. 13 der Datenschutz-Grundverordnung (DSGVO) darüber, welche personenbezogenen Daten wir
        beim Besuch unserer Website und bei Tischreservierungen verarbeiten, zu welchen Zwecken und auf
        welcher Rechtsgrundlage dies geschieht und welche Rechte Ihnen zustehen.
      </p>

      <section>
        <h2>1. Verantwortlicher</h2>
        <p>
          Verantwortlich für die Datenverarbeitung auf dieser Website im Sinne von Art. 4 Nr. 7 DSGVO ist:
        </p>
        <ProviderAddress contact={contact} />
        <PhoneAndEmail contact={contact} />
        <p>
          Bei allen Fragen zum Datenschutz und zur Ausübung Ihrer Rechte können Sie sich jederzeit unter den
          oben genannten Kontaktdaten an uns wenden.
        </p>
      </section>

      <section>
        <h2>2. Das Wichtigste in Kürze</h2>
        <ul>
          <li>
            Unsere Website wird auf unserem eigenen Server betrieben; wir setzen keinen externen
            Hosting-Dienst ein.
          </li>
          <li>
            Wir verwenden keine Analyse-, Tracking- oder Werbedienste und binden keine Social-Media-Plugins,
            keine Kartendienste und kein Content Delivery Network (CDN) ein.
          </li>
          <li>
            Schriftarten werden von unserem eigenen Server geladen; eine Verbindung zu Google Fonts findet
            nicht statt.
          </li>
          <li>
            Für Gäste setzen wir keine Cookies. Das einzige Cookie ist ein technisch notwendiges
            Sitzungs-Cookie, das ausschließlich bei der Anmeldung unserer Mitarbeitenden gesetzt wird.
          </li>
          <li>
            Personenbezogene Daten verarbeiten wir nur, soweit dies für den Betrieb der Website, die
            Bearbeitung Ihrer Reservierungsanfrage oder die Beantwortung Ihrer Nachricht erforderlich ist.
          </li>
        </ul>
      </section>

      <section>
        <h2>3. Hosting und Server-Logfiles</h2>
        <p>
          Diese Website wird auf unserem eigenen Server betrieben. Bei jedem Aufruf einer Seite übermittelt
          Ihr Browser automatisch Informationen, die wir in sogenannten Server-Logfiles speichern:
        </p>
        <ul>
          <li>IP-Adresse des anfragenden Geräts,</li>
          <li>Datum und Uhrzeit des Zugriffs,</li>
          <li>aufgerufene Seite bzw. Datei,</li>
          <li>verwendeter Browser und Betriebssystem (User-Agent),</li>
          <li>HTTP-Statuscode der Antwort.</li>
        </ul>
        <p>
          Die Verarbeitung dieser Daten ist technisch erforderlich, um Ihnen die Website anzuzeigen, sowie um
          die Stabilität und Sicherheit unseres Servers zu gewährleisten, insbesondere um Angriffe und
          Missbrauch erkennen und abwehren zu können. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser
          berechtigtes Interesse liegt im sicheren und störungsfreien Betrieb unserer Website. Eine
          Zusammenführung dieser Daten mit anderen Datenquellen findet nicht statt.
        </p>
        <p>
          Die Logfiles werden spätestens nach 14 Tagen gelöscht. Eine längere Speicherung erfolgt nur, wenn
          und solange einzelne Einträge zur Aufklärung eines konkreten Angriffs oder Sicherheitsvorfalls
          benötigt werden; diese Einträge werden gelöscht, sobald die Aufklärung abgeschlossen ist.
        </p>
      </section>

      <section>
        <h2>4. SSL-/TLS-Verschlüsselung</h2>
        <p>
          Aus Sicherheitsgründen und zum Schutz der Übertragung vertraulicher Inhalte, etwa Ihrer
          Reservierungsanfrage, nutzt diese Website eine SSL- bzw. TLS-Verschlüsselung. Eine verschlüsselte
          Verbindung erkennen Sie daran, dass die Adresszeile Ihres Browsers mit „https://“ beginnt und ein
          Schloss-Symbol angezeigt wird. Bei aktiver Verschlüsselung können die Daten, die Sie an uns
          übermitteln, nicht von Dritten mitgelesen werden.
        </p>
      </section>

      <section>
        <h2>5. Tischreservierungen</h2>
        <p>
          Über das Reservierungsformular auf unserer Website können Sie eine Tischreservierung anfragen. Dabei
          verarbeiten wir folgende Angaben:
        </p>
        <ul>
          <li>Name,</li>
          <li>E-Mail-Adresse,</li>
          <li>Telefonnummer (freiwillig),</li>
          <li>gewünschtes Datum und gewünschte Uhrzeit,</li>
          <li>Anzahl der Personen,</li>
          <li>Anmerkungen (freiwillig).</li>
        </ul>
        <p>
          Ihre Anfrage wird uns per E-Mail übermittelt. Wir verwenden Ihre Angaben ausschließlich, um Ihre
          Reservierung zu prüfen, durchzuführen und bei Bedarf mit Ihnen Rücksprache zu halten. Sie erhalten
          sofort eine Eingangsbestätigung per E-Mail und, sobald wir Ihre Reservierung bestätigt haben, eine
          Bestätigung. Jede dieser E-Mails enthält einen persönlichen Link, über den Sie Ihre Reservierung
          ansehen, ändern oder stornieren können.
          {periods.reminder
            ? " Am Tag vor Ihrem Besuch erinnern wir Sie per E-Mail an Ihre bestätigte Reservierung."
            : null}{" "}
          Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, da die Verarbeitung zur Durchführung
          vorvertraglicher Maßnahmen bzw. zur Erfüllung des Reservierungsvertrags erforderlich ist.
        </p>
        <p>
          Die Angabe von Name, E-Mail-Adresse, Datum, Uhrzeit und Personenzahl ist für die Bearbeitung Ihrer
          Reservierung erforderlich; ohne diese Angaben können wir Ihre Anfrage nicht bearbeiten. Eine
          gesetzliche Pflicht zur Bereitstellung besteht nicht. Telefonnummer und Anmerkungen sind freiwillig.
        </p>
        <h3>Angaben zu Allergien und Unverträglichkeiten</h3>
        <p>
          Bitte teilen Sie uns in den Anmerkungen nur mit, was für Ihren Besuch von Bedeutung ist. Machen Sie
          dort freiwillig Angaben zu Allergien, Unverträglichkeiten oder anderen gesundheitlichen Belangen,
          verarbeiten wir diese ausschließlich, um Ihren Besuch entsprechend vorzubereiten. Rechtsgrundlage
          ist insoweit Ihre Einwilligung (Art. 9 Abs. 2 lit. a DSGVO), die Sie mit der Angabe erteilen und
          jederzeit mit Wirkung für die Zukunft widerrufen können.
        </p>
        <h3>Speicherdauer</h3>
        <p>
          Wir speichern Ihre Reservierungsdaten, solange sie für die Durchführung Ihres Besuchs benötigt
          werden:
        </p>
        <ul>
          <li>
            Ihre Anmerkungen („Besondere Wünsche“, etwa Angaben zu Allergien) löschen wir{" "}
            <strong>{days(periods.notesEraseDays)}</strong> nach dem Reservierungstermin.
          </li>
          <li>
            <strong>{months(periods.anonymiseAfterMonths)}</strong> nach dem Reservierungstermin anonymisieren
            wir Ihre Reservierung: Name, E-Mail-Adresse, Telefonnummer und Anmerkungen werden gelöscht, ebenso
            die E-Mails zu Ihrer Reservierung. Es bleiben nur Datum, Uhrzeit, Personenzahl, Status und ob
            online reserviert wurde, ohne Bezug zu Ihrer Person, für unsere Statistik.
          </li>
          <li>
            E-Mails, die wir Ihnen gesendet haben, löschen wir <strong>{days(periods.sentMailDays)}</strong>{" "}
            nach dem Versand, nicht zustellbare <strong>{days(periods.failedMailDays)}</strong> nach dem
            Schreiben.
          </li>
        </ul>
        <p>
          Zum Schutz vor Datenverlust sichern wir die Daten regelmäßig. Sicherungskopien bewahren wir{" "}
          <strong>{days(periods.backupDays)}</strong> auf und löschen sie danach. Müssen wir eine Sicherung
          zurückspielen, löschen wir dabei erneut alle Daten, deren Löschung Sie seit dieser Sicherung
          verlangt haben, und wenden die oben genannten Fristen sofort an.
        </p>
        <p>
          Eine längere Aufbewahrung erfolgt nur, soweit gesetzliche (insbesondere handels- oder
          steuerrechtliche) Aufbewahrungspflichten bestehen; für reine Tischreservierungen ist dies in der
          Regel nicht der Fall. Auf Wunsch teilen wir Ihnen mit, welche Daten wir über Sie gespeichert haben,
          und löschen sie (Art. 15 und 17 DSGVO).
        </p>
      </section>

      <section>
        <h2>6. Kontakt per E-Mail</h2>
        <p>
          Wenn Sie uns eine E-Mail schreiben, verarbeiten wir Ihre E-Mail-Adresse, gegebenenfalls Ihren Namen
          sowie den Inhalt Ihrer Nachricht, um Ihr Anliegen zu bearbeiten und Ihnen zu antworten.
        </p>
        <p>
          Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, sofern Ihre Anfrage mit einer Reservierung oder
          einem sonstigen Vertragsverhältnis zusammenhängt. In allen übrigen Fällen beruht die Verarbeitung
          auf Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt in der Beantwortung der an uns
          gerichteten Anfragen.
        </p>
        <p>
          Wir löschen Ihre Daten, sobald Ihr Anliegen abschließend bearbeitet ist und keine weitere
          Kommunikation zu erwarten ist, es sei denn, gesetzliche Aufbewahrungspflichten stehen einer Löschung
          entgegen.
        </p>
      </section>

      <section>
        <h2>7. Cookies</h2>
        <p>
          Für Besucherinnen und Besucher unserer Website setzen wir keine Cookies. Wir verwenden
          ausschließlich ein technisch notwendiges Sitzungs-Cookie („tavola_session“, bei verschlüsselter
          Verbindung „__Host-tavola_session“), das nur gesetzt wird, wenn sich eine Mitarbeiterin oder ein
          Mitarbeiter unseres Restaurants im internen Verwaltungsbereich anmeldet. Es enthält eine zufällig
          erzeugte Kennung, die die Anmeldung für die Dauer der Sitzung aufrechterhält. Es ist für Skripte
          nicht auslesbar (HttpOnly), wird bei Anfragen, die von fremden Websites ausgehen, nur eingeschränkt
          mitgesendet (SameSite=Lax), und wird bei der Abmeldung gelöscht; spätestens nach 12 Stunden verfällt
          es automatisch.
        </p>
        <p>
          Die Speicherung dieses Cookies ist unbedingt erforderlich, um den geschützten Verwaltungsbereich
          bereitzustellen, und bedarf daher nach &sect; 25 Abs. 2 Nr. 2 des
          Telekommunikation-Digitale-Dienste-Datenschutz-Gesetzes (TDDDG) keiner Einwilligung. Rechtsgrundlage
          für die damit verbundene Datenverarbeitung ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes
          Interesse liegt in einem sicheren Zugang zu unserem internen Bereich. Aus diesem Grund zeigen wir
          auch kein Cookie-Banner an. Weitere Einzelheiten finden Sie in unserer Cookie-Richtlinie.
        </p>
      </section>

      <section>
        <h2>8. Keine Analyse-, Tracking- und Werbedienste</h2>
        <p>
          Wir setzen keine Webanalyse-, Tracking- oder Werbedienste ein und erstellen keine Nutzungsprofile.
          Wir binden keine Inhalte von Drittanbietern ein, insbesondere keine Social-Media-Plugins, keine
          Karten- oder Videodienste, keine extern geladenen Schriftarten und kein Content Delivery Network.
          Beim Aufruf unserer Website werden daher keine Daten an Dritte übertragen.
        </p>
      </section>

      <section>
        <h2>9. Links zu sozialen Netzwerken</h2>
        <p>
          Auf unserer Website finden Sie Verweise auf unsere Auftritte bei Facebook und Instagram. Dabei
          handelt es sich um einfache Links, nicht um Plugins: Beim bloßen Besuch unserer Website werden keine
          Daten an die Betreiber dieser Netzwerke übermittelt. Erst wenn Sie einen solchen Link anklicken,
          werden Sie auf die Seite des jeweiligen Anbieters weitergeleitet, und Ihr Browser baut eine
          Verbindung zu dessen Servern auf. Für die dortige Datenverarbeitung ist ausschließlich der jeweilige
          Anbieter verantwortlich; es gelten dessen Datenschutzbestimmungen.
        </p>
      </section>

      <section>
        <h2>10. Empfänger und Übermittlung in Drittländer</h2>
        <p>
          Wir geben Ihre personenbezogenen Daten nicht an Dritte weiter, es sei denn, wir sind hierzu
          gesetzlich verpflichtet, etwa gegenüber Behörden oder Gerichten. Eine Übermittlung Ihrer Daten in
          Länder außerhalb der Europäischen Union bzw. des Europäischen Wirtschaftsraums findet nicht statt.
        </p>
      </section>

      <section>
        <h2>11. Keine automatisierte Entscheidungsfindung</h2>
        <p>
          Wir nutzen keine automatisierte Entscheidungsfindung einschließlich Profiling im Sinne von Art. 22
          DSGVO.
        </p>
      </section>

      <section>
        <h2>12. Ihre Rechte</h2>
        <p>Ihnen stehen im Hinblick auf Ihre personenbezogenen Daten folgende Rechte zu:</p>
        <ul>
          <li>
            <strong>Auskunft</strong> über die von uns verarbeiteten Daten (Art. 15 DSGVO),
          </li>
          <li>
            <strong>Berichtigung</strong> unrichtiger oder Vervollständigung unvollständiger Daten (Art. 16
            DSGVO),
          </li>
          <li>
            <strong>Löschung</strong> Ihrer Daten, soweit keine gesetzlichen Pflichten entgegenstehen (Art. 17
            DSGVO),
          </li>
          <li>
            <strong>Einschränkung der Verarbeitung</strong> (Art. 18 DSGVO),
          </li>
          <li>
            <strong>Datenübertragbarkeit</strong>, also Erhalt Ihrer Daten in einem strukturierten, gängigen
            und maschinenlesbaren Format (Art. 20 DSGVO),
          </li>
          <li>
            <strong>Widerspruch</strong> gegen die Verarbeitung (Art. 21 DSGVO, siehe unten),
          </li>
          <li>
            <strong>Widerruf</strong> einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3
            DSGVO); die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt,
          </li>
          <li>
            <strong>Beschwerde</strong> bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO).
          </li>
        </ul>
        <p>Zur Ausübung Ihrer Rechte genügt eine formlose Nachricht an die oben genannten Kontaktdaten.</p>

        <h3>Widerspruchsrecht nach Art. 21 DSGVO</h3>
        <p>
          <strong>
            Soweit wir Ihre Daten auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse)
            verarbeiten, haben Sie das Recht, aus Gründen, die sich aus Ihrer besonderen Situation ergeben,
            jederzeit Widerspruch gegen diese Verarbeitung einzulegen. Wir verarbeiten Ihre Daten dann nicht
            mehr, es sei denn, wir können zwingende schutzwürdige Gründe für die Verarbeitung nachweisen, die
            Ihre Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient der Geltendmachung,
            Ausübung oder Verteidigung von Rechtsansprüchen.
          </strong>
        </p>

        <h3>Beschwerderecht bei einer Aufsichtsbehörde</h3>
        <p>
          Wenn Sie der Ansicht sind, dass die Verarbeitung Ihrer Daten gegen Datenschutzrecht verstößt, können
          Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren, insbesondere in dem Mitgliedstaat Ihres
          gewöhnlichen Aufenthalts, Ihres Arbeitsplatzes oder des Orts des mutmaßlichen Verstoßes. Die für uns
          zuständige Aufsichtsbehörde ist:
        </p>
        <p>
          Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Baden-Württemberg
          <br />
          Lautenschlagerstraße 20
          <br />
          70173 Stuttgart
        </p>
      </section>

      <section>
        <h2>13. Änderungen dieser Datenschutzerklärung</h2>
        <p>
          Wir passen diese Datenschutzerklärung an, wenn sich unsere Website, unsere Datenverarbeitung oder
          die rechtlichen Vorgaben ändern. Es gilt jeweils die auf dieser Seite veröffentlichte aktuelle
          Fassung.
        </p>
      </section>
    </LegalPage>
  );
}
