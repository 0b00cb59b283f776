import type { ContactContent } from "../../../common/content/schemas.ts";
import { AddressLines, LegalPage, PhoneAndEmail, ProviderAddress } from "./legal-page.tsx";

export function Impressum({ contact }: { contact: ContactContent }) {
  return (
    <LegalPage title="Impressum">
      <section>
        <h2>Angaben gemäß &sect; 5 DDG</h2>
        <ProviderAddress contact={contact} />
      </section>

      <section>
        <h2>Kontakt</h2>
        <PhoneAndEmail contact={contact} />
      </section>

      <section>
        <h2>Verantwortlich für den Inhalt nach &sect; 18 Abs. 2 MStV</h2>
        <p>
          {contact.owner}
          <br />
          <AddressLines lines={contact.address_lines} />
        </p>
      </section>

      <section>
        <h2>Verbraucherstreitbeilegung</h2>
        <p>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
          Verbraucherschlichtungsstelle teilzunehmen.
        </p>
      </section>

      <section>
        <h2>Haftung für Inhalte</h2>
        <p>
          Die Inhalte dieser Website wurden mit größter Sorgfalt erstellt. Für die Richtigkeit,
          Vollständigkeit und Aktualität der Inhalte können wir jedoch keine Gewähr übernehmen. Als
          Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen
          verantwortlich.
        </p>
        <p>
          Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den allgemeinen
          Gesetzen bleiben unberührt. Eine diesbezügliche Haftung ist jedoch erst ab dem Zeitpunkt der
          Kenntnis einer konkreten Rechtsverletzung möglich. Sobald uns entsprechende Rechtsverletzungen
          bekannt werden, entfernen wir diese Inhalte umgehend.
        </p>
      </section>

      <section>
        <h2>Haftung für Links</h2>
        <p>
          Unsere Website enthält Links zu externen Websites Dritter, etwa zu unseren Auftritten in sozialen
          Netzwerken. Auf die Inhalte dieser Seiten haben wir keinen Einfluss; deshalb können wir für diese
          fremden Inhalte auch keine Gewähr übernehmen. Für die Inhalte der verlinkten Seiten ist stets der
          jeweilige Anbieter oder Betreiber der Seiten verantwortlich.
        </p>
        <p>
          Die verlinkten Seiten wurden zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße überprüft;
          rechtswidrige Inhalte waren zu diesem Zeitpunkt nicht erkennbar. Eine permanente inhaltliche
          Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte einer Rechtsverletzung nicht
          zumutbar. Sobald uns Rechtsverletzungen bekannt werden, entfernen wir derartige Links umgehend.
        </p>
      </section>

      <section>
        <h2>Urheberrecht</h2>
        <p>
          Die auf dieser Website veröffentlichten Inhalte und Werke, insbesondere Texte, Fotografien, Grafiken
          und Logos, unterliegen dem deutschen Urheberrecht. Die Vervielfältigung, Bearbeitung, Verbreitung
          und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der vorherigen
          schriftlichen Zustimmung des jeweiligen Rechteinhabers. Downloads und Kopien dieser Seiten sind nur
          für den privaten, nicht kommerziellen Gebrauch gestattet.
        </p>
        <p>
          Soweit Inhalte auf dieser Seite nicht von uns erstellt wurden, werden die Urheberrechte Dritter
          beachtet und entsprechend gekennzeichnet. Sollten Sie trotzdem auf eine Urheberrechtsverletzung
          aufmerksam werden, bitten wir um einen entsprechenden Hinweis. Sobald uns Rechtsverletzungen bekannt
          werden, entfernen wir derartige Inhalte umgehend.
        </p>
      </section>
    </LegalPage>
  );
}
