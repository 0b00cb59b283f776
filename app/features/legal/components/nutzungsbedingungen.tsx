import type { ContactContent } from "../../../common/content/schemas.ts";
import { EmailLink, LegalPage, PhoneAndEmail, PhoneLink, ProviderAddress } from "./legal-page.tsx";

export function Nutzungsbedingungen({ contact }: { contact: ContactContent }) {
  return (
    <LegalPage title="Nutzungsbedingungen">
      <section>
        <h2>1. Geltungsbereich</h2>
        <p>
          Diese Nutzungsbedingungen gelten für die Nutzung dieser Website und für Reservierungsanfragen, die
          Sie über diese Website stellen. Anbieter der Website ist:
        </p>
        <ProviderAddress contact={contact} />
        <p>
          Mit der Nutzung der Website erkennen Sie diese Bedingungen an. Für Ihren Besuch in unserem
          Restaurant gelten darüber hinaus die gesetzlichen Bestimmungen.
        </p>
      </section>

      <section>
        <h2>2. Nutzung der Website</h2>
        <p>
          Die Website dient der Information über unser Restaurant, unser Speisenangebot und unsere
          Öffnungszeiten sowie der Anfrage von Tischreservierungen. Die Nutzung ist unentgeltlich und ohne
          Registrierung möglich.
        </p>
        <p>Bei der Nutzung der Website ist es insbesondere untersagt,</p>
        <ul>
          <li>
            Reservierungsanfragen mit falschen Angaben oder im Namen anderer Personen ohne deren
            Einverständnis zu stellen,
          </li>
          <li>
            die Website oder den zugrunde liegenden Server durch automatisierte Abfragen übermäßig zu
            belasten,
          </li>
          <li>Sicherheitsmechanismen der Website zu umgehen oder dies zu versuchen,</li>
          <li>
            Inhalte der Website entgegen den Hinweisen zum Urheberrecht in unserem Impressum zu verwenden.
          </li>
        </ul>
      </section>

      <section>
        <h2>3. Tischreservierungen</h2>
        <h3>3.1 Reservierungsanfrage</h3>
        <p>
          Über das Reservierungsformular können Sie unverbindlich einen Tisch für ein bestimmtes Datum, eine
          bestimmte Uhrzeit und eine bestimmte Personenzahl anfragen. Das Absenden des Formulars stellt
          lediglich eine Anfrage dar; sie begründet noch keinen Anspruch auf einen Tisch.
        </p>
        <h3>3.2 Bestätigung</h3>
        <p>
          Eine Reservierung ist erst verbindlich, wenn wir sie Ihnen per E-Mail bestätigt haben. Bitte prüfen
          Sie gegebenenfalls auch Ihren Spam-Ordner. Ein Anspruch auf Bestätigung einer Anfrage besteht nicht.
        </p>
        <h3>3.3 Ihre Angaben</h3>
        <p>
          Bitte achten Sie auf vollständige und zutreffende Angaben, insbesondere auf eine korrekte
          E-Mail-Adresse. Andernfalls können wir Ihnen die Bestätigung nicht zustellen oder Sie bei Rückfragen
          nicht erreichen.
        </p>
        <h3>3.4 Änderung und Stornierung</h3>
        <p>
          Sollten sich Ihre Pläne ändern oder Sie Ihren Termin nicht wahrnehmen können, bitten wir Sie, uns so
          früh wie möglich Bescheid zu geben, damit wir den Tisch an andere Gäste vergeben können:
        </p>
        <ul>
          <li>
            telefonisch unter <PhoneLink phone={contact.phone} /> oder
          </li>
          <li>
            per E-Mail an <EmailLink email={contact.email} />.
          </li>
        </ul>
      </section>

      <section>
        <h2>4. Speisekarte, Preise und Allergene</h2>
        <p>
          Die auf dieser Website dargestellte Speisekarte, die Preise sowie die Angaben zu Allergenen und
          Zusatzstoffen dienen Ihrer Information. Sie werden mit Sorgfalt gepflegt, können sich aber, etwa
          saisonal oder wegen der Verfügbarkeit von Zutaten, kurzfristig ändern. Verbindlich ist die im
          Restaurant ausliegende Speisekarte mit den dort angegebenen Preisen.
        </p>
        <p>
          Wenn Sie an Allergien oder Unverträglichkeiten leiden, sprechen Sie bitte vor Ihrer Bestellung unser
          Servicepersonal an. Wir informieren Sie gern über die Zutaten unserer Gerichte.
        </p>
        <p>
          Die Fotos auf dieser Website dienen der Veranschaulichung. Aussehen, Anrichtung und Portionsgröße
          der Speisen können von den Abbildungen abweichen.
        </p>
      </section>

      <section>
        <h2>5. Verfügbarkeit der Website</h2>
        <p>
          Wir bemühen uns, die Website möglichst unterbrechungsfrei bereitzustellen. Eine ständige
          Verfügbarkeit können wir jedoch nicht gewährleisten. Insbesondere Wartungsarbeiten, technische
          Störungen oder Umstände außerhalb unseres Einflussbereichs können zu vorübergehenden Einschränkungen
          führen. Sollte das Reservierungsformular einmal nicht erreichbar sein, erreichen Sie uns jederzeit
          telefonisch oder per E-Mail.
        </p>
      </section>

      <section>
        <h2>6. Haftung</h2>
        <p>
          Wir haften unbeschränkt für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit,
          für Schäden, die auf Vorsatz oder grober Fahrlässigkeit beruhen, sowie nach den Vorschriften des
          Produkthaftungsgesetzes.
        </p>
        <p>
          Bei leicht fahrlässiger Verletzung einer wesentlichen Pflicht, deren Erfüllung die ordnungsgemäße
          Durchführung des Vertrags überhaupt erst ermöglicht und auf deren Einhaltung Sie regelmäßig
          vertrauen dürfen (Kardinalpflicht), ist unsere Haftung auf den vorhersehbaren, typischerweise
          eintretenden Schaden begrenzt. Im Übrigen ist die Haftung für leicht fahrlässig verursachte Schäden
          ausgeschlossen.
        </p>
        <p>
          Die vorstehenden Haftungsbeschränkungen gelten auch zugunsten unserer Mitarbeiterinnen und
          Mitarbeiter. Für Inhalte externer Websites, auf die wir verlinken, gelten die Hinweise in unserem
          Impressum.
        </p>
      </section>

      <section>
        <h2>7. Datenschutz</h2>
        <p>
          Informationen darüber, wie wir Ihre personenbezogenen Daten bei der Nutzung der Website und bei
          Reservierungsanfragen verarbeiten, finden Sie in unserer Datenschutzerklärung.
        </p>
      </section>

      <section>
        <h2>8. Anwendbares Recht</h2>
        <p>
          Es gilt das Recht der Bundesrepublik Deutschland. Sind Sie Verbraucherin oder Verbraucher, gilt
          diese Rechtswahl nur insoweit, als Ihnen dadurch nicht der Schutz entzogen wird, den Ihnen zwingende
          Bestimmungen des Rechts des Staates gewähren, in dem Sie Ihren gewöhnlichen Aufenthalt haben.
        </p>
      </section>

      <section>
        <h2>9. Änderungen dieser Nutzungsbedingungen</h2>
        <p>
          Wir können diese Nutzungsbedingungen mit Wirkung für die Zukunft ändern, etwa wenn sich unser
          Angebot oder die rechtlichen Rahmenbedingungen ändern. Für Reservierungsanfragen gilt jeweils die
          Fassung, die zum Zeitpunkt der Anfrage auf dieser Seite veröffentlicht war.
        </p>
      </section>

      <section>
        <h2>10. Salvatorische Klausel</h2>
        <p>
          Sollten einzelne Bestimmungen dieser Nutzungsbedingungen ganz oder teilweise unwirksam sein oder
          werden, bleibt die Wirksamkeit der übrigen Bestimmungen davon unberührt. An die Stelle der
          unwirksamen Bestimmung treten die gesetzlichen Vorschriften.
        </p>
      </section>

      <section>
        <h2>11. Kontakt</h2>
        <p>Bei Fragen zu diesen Nutzungsbedingungen erreichen Sie uns wie folgt:</p>
        <PhoneAndEmail contact={contact} />
      </section>
    </LegalPage>
  );
}
