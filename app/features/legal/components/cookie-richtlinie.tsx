import type { ContactContent } from "../../../common/content/schemas.ts";
import { LegalPage, PhoneAndEmail } from "./legal-page.tsx";

export function CookieRichtlinie({ contact }: { contact: ContactContent }) {
  return (
    <LegalPage title="Cookie-Richtlinie">
      <p>
        In dieser Cookie-Richtlinie erläutert {contact.name}, welche Cookies auf dieser Website verwendet
        werden und wie Sie Cookies in Ihrem Browser verwalten können. Kurz gesagt: Als Gast unserer Website
        erhalten Sie von uns keine Cookies.
      </p>

      <section>
        <h2>1. Was sind Cookies?</h2>
        <p>
          Cookies sind kleine Textdateien, die eine Website über Ihren Browser auf Ihrem Endgerät speichert.
          Bei späteren Aufrufen derselben Website sendet der Browser das Cookie wieder mit, sodass die Website
          zum Beispiel eine bestehende Anmeldung wiedererkennen kann.
        </p>
        <p>Man unterscheidet unter anderem:</p>
        <ul>
          <li>
            <strong>Technisch notwendige Cookies</strong>, ohne die bestimmte Funktionen einer Website, etwa
            eine Anmeldung, nicht bereitgestellt werden können,
          </li>
          <li>
            <strong>Analyse-, Marketing- und Tracking-Cookies</strong>, mit denen das Nutzungsverhalten
            ausgewertet oder Werbung ausgespielt wird,
          </li>
          <li>
            <strong>Sitzungs-Cookies</strong>, die nach kurzer Zeit oder beim Abmelden gelöscht werden, sowie
            dauerhafte Cookies, die über einen längeren Zeitraum gespeichert bleiben,
          </li>
          <li>
            <strong>Cookies von Erstanbietern</strong>, die von der besuchten Website selbst gesetzt werden,
            und Cookies von Drittanbietern, die von anderen Diensten stammen.
          </li>
        </ul>
      </section>

      <section>
        <h2>2. Welche Cookies verwenden wir?</h2>
        <p>
          Wir verwenden ausschließlich ein einziges, technisch notwendiges Cookie. Es wird nur gesetzt, wenn
          sich eine Mitarbeiterin oder ein Mitarbeiter unseres Restaurants im internen Verwaltungsbereich
          anmeldet. Beim Besuch der Website, beim Lesen der Speisekarte oder beim Absenden einer
          Reservierungsanfrage wird kein Cookie gesetzt.
        </p>
        <table>
          <caption>Auf dieser Website verwendete Cookies</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Zweck</th>
              <th scope="col">Speicherdauer</th>
              <th scope="col">Art</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>tavola_session</code> bzw. bei verschlüsselter Verbindung (HTTPS){" "}
                <code>__Host-tavola_session</code>
              </td>
              <td>
                Hält die Anmeldung von Mitarbeitenden im internen Verwaltungsbereich aufrecht. Enthält nur
                eine zufällig erzeugte Sitzungskennung.
              </td>
              <td>Bis zur Abmeldung, höchstens 12 Stunden</td>
              <td>Technisch notwendig; Erstanbieter-Cookie (HttpOnly, SameSite=Lax)</td>
            </tr>
          </tbody>
        </table>
        <p>
          Das Cookie ist für Skripte auf der Seite nicht auslesbar (HttpOnly) und wird bei Anfragen, die von
          fremden Websites ausgehen, nur eingeschränkt mitgesendet (SameSite=Lax). Es dient nicht dazu, Sie
          wiederzuerkennen oder Ihr Verhalten zu analysieren.
        </p>
      </section>

      <section>
        <h2>3. Rechtsgrundlage und warum es kein Cookie-Banner gibt</h2>
        <p>
          Die Speicherung eines Cookies auf Ihrem Endgerät ist ohne Einwilligung zulässig, wenn sie unbedingt
          erforderlich ist, damit wir einen ausdrücklich gewünschten digitalen Dienst bereitstellen können (§
          25 Abs. 2 Nr. 2 TDDDG). Das ist bei unserem Sitzungs-Cookie der Fall: Ohne es wäre eine Anmeldung im
          internen Bereich nicht möglich. Die damit verbundene Datenverarbeitung beruht auf Art. 6 Abs. 1 lit.
          f DSGVO; unser berechtigtes Interesse liegt in einem sicheren Zugang zu unserem internen Bereich.
        </p>
        <p>
          Da wir keine einwilligungsbedürftigen Cookies oder vergleichbaren Technologien einsetzen, benötigen
          wir keine Einwilligung und zeigen daher auch kein Cookie-Banner an.
        </p>
      </section>

      <section>
        <h2>4. Keine Cookies von Drittanbietern</h2>
        <p>
          Wir verwenden keine Cookies von Drittanbietern und keine Cookies zu Analyse-, Marketing- oder
          Trackingzwecken. Wir binden keine Social-Media-Plugins, Kartendienste, extern geladenen Schriftarten
          oder Content Delivery Networks ein, die ihrerseits Cookies setzen könnten.
        </p>
        <p>
          Unsere Verweise auf Facebook und Instagram sind einfache Links. Erst wenn Sie einen solchen Link
          anklicken und die Seite des jeweiligen Anbieters aufrufen, kann dieser eigene Cookies setzen;
          hierfür gelten die Bestimmungen des jeweiligen Anbieters.
        </p>
      </section>

      <section>
        <h2>5. Cookies im Browser verwalten und löschen</h2>
        <p>
          Sie können in Ihrem Browser jederzeit einsehen, welche Cookies gespeichert sind, diese löschen und
          festlegen, ob Cookies künftig angenommen werden sollen. Die genaue Bezeichnung der Menüpunkte hängt
          von Browser und Version ab; in aktuellen Browsern finden Sie die Einstellungen in der Regel hier:
        </p>
        <ul>
          <li>
            <strong>Google Chrome:</strong> Einstellungen › Datenschutz und Sicherheit › Drittanbieter-Cookies
            bzw. Browserdaten löschen
          </li>
          <li>
            <strong>Mozilla Firefox:</strong> Einstellungen › Datenschutz &amp; Sicherheit › Cookies und
            Website-Daten
          </li>
          <li>
            <strong>Apple Safari:</strong> Einstellungen › Datenschutz › Websitedaten verwalten
          </li>
          <li>
            <strong>Microsoft Edge:</strong> Einstellungen › Cookies und Websiteberechtigungen › Cookies und
            Websitedaten verwalten und löschen
          </li>
        </ul>
        <p>
          Auf Smartphones und Tablets finden Sie die entsprechenden Optionen in den Einstellungen der
          jeweiligen Browser-App bzw. bei Safari unter iOS in den Systemeinstellungen.
        </p>
        <p>
          Wenn Sie Cookies blockieren oder löschen, können Sie unsere Website als Gast ohne Einschränkungen
          nutzen, einschließlich des Reservierungsformulars. Lediglich die Anmeldung im internen
          Verwaltungsbereich setzt voraus, dass Cookies zugelassen sind.
        </p>
      </section>

      <section>
        <h2>6. Weitere Informationen und Kontakt</h2>
        <p>
          Weitere Informationen zur Verarbeitung personenbezogener Daten und zu Ihren Rechten finden Sie in
          unserer Datenschutzerklärung. Bei Fragen zu Cookies erreichen Sie uns unter:
        </p>
        <PhoneAndEmail contact={contact} />
      </section>
    </LegalPage>
  );
}
