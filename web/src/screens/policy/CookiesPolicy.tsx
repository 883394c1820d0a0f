// The Cookies Policy tab: what the site stores in the browser, the consent banner, updates, contact.
import { config } from '../../config';

export function CookiesPolicy({ effectiveDate }: { effectiveDate: string }) {
  const mail = <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>;
  return (
    <>
      <h2>Cookies Policy</h2>
      <p className="policy__date">Effective date: {effectiveDate}</p>
      <p>
        Step Zero sets no advertising, analytics or third-party tracking cookies. The site keeps a few small entries in your browser's local
        storage, which works like a cookie but is never sent to any server.
      </p>

      <h3>1. What we store in your browser</h3>
      <ul>
        <li>
          <strong>stepZeroAnswers</strong> and <strong>stepZeroCurrentQuestion</strong>: your answers so far and the question you are on, so
          a reload does not lose your progress. Cleared when you return to the home page or start again.
        </li>
        <li>
          <strong>surveyCompleted</strong>, <strong>lastThankYouType</strong> and <strong>surveyCompletionTime</strong>: that you finished,
          which thank-you page you saw and when, so a visit within a minute of finishing takes you back to it.
        </li>
        <li>
          <strong>cookiesAccepted</strong>: the choice you made on the cookie banner.
        </li>
        <li>
          <strong>stepZeroReference</strong>, in session storage (gone when you close the tab): the short reference of the response you just
          sent and which thank-you page it belongs to, so a reload of that page still shows it. Never your answers.
        </li>
        <li>
          <strong>stepzero-outbox</strong>, in IndexedDB: a response you submitted, kept only until our database or our email backup has
          received it (the Privacy Policy, section 5, says how long at most).
        </li>
        <li>
          <strong>sw.js</strong>, a service worker, with its cache <strong>stepzero-delivery</strong>: installed once you reach the survey's
          second question (or when a response of yours still waits), so that a response still on its way can be sent after you close the
          tab, even if your connection is gone by the time you submit. It holds the site's own program files, never your answers, which stay
          in the outbox above.
        </li>
      </ul>
      <p>These entries are necessary for the survey to work and stay in your browser until you clear them.</p>

      <h3>2. The consent banner</h3>
      <p>
        On your first visit a banner offers Accept All, Necessary Only and Decline All. Your choice is stored as true, necessary or false
        and the banner is hidden from then on. Because we use only the necessary storage above, every choice leaves the survey working the
        same way; if we ever add optional cookies, they will be used only after you choose Accept All. To change your choice, clear this
        site's data in your browser settings and the banner will appear again.
      </p>

      <h3>3. Updates</h3>
      <p>If what we store changes, we will update this policy and its effective date, and ask for your choice again where needed.</p>

      <h3>4. Contact</h3>
      <p>Questions about cookies or storage: {mail}.</p>
    </>
  );
}
