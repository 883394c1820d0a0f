// The Privacy Policy tab (spec point 2): data collected, sharing only with consent and
// anonymised, hosting and database providers, retention and deletion, rights, children.
import { config } from '../../config';

export function PrivacyPolicy({ effectiveDate }: { effectiveDate: string }) {
  const mail = <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>;
  return (
    <>
      <h2>Privacy Policy</h2>
      <p className="policy__date">Effective date: {effectiveDate}</p>
      <p>
        This policy explains what Step Zero ("we", "us") collects when you use this website and answer the Step Zero survey, why we collect
        it, who can see it and what you can ask us to do with it. There are no accounts on this site: you answer anonymously unless you
        choose to give us your email address.
      </p>

      <h3>1. Information we collect</h3>
      <ul>
        <li>
          <strong>Survey answers</strong>: the challenge you were given, where you found it, whether you completed it, how uncomfortable it
          felt or why you have not done it yet, and whether you would take another challenge.
        </li>
        <li>
          <strong>Email address</strong>: only if you ask to be reminded about your challenge.
        </li>
        <li>
          <strong>Age and gender</strong>: as you enter them on the last two questions.
        </li>
        <li>
          <strong>Uploads</strong>: a photo, video or document, only if you consent to sharing and choose to attach one. Before a photo
          (JPEG, PNG, WebP, GIF, or an iPhone's HEIC) leaves your device, your browser removes its location and other hidden details (EXIF,
          XMP and IPTC data such as GPS position, camera and date); the picture itself is not changed. If that cannot be done, the photo is
          not sent at all and the rest of your answer is saved without it. Videos, PDFs, Word documents and text files are sent as you chose
          them and keep any details stored inside them (a video, for example, may record where it was filmed).
        </li>
        <li>
          <strong>Consent</strong>: whether you agree to your responses being shared anonymously, and your acknowledgement of this policy
          and our Terms of Service.
        </li>
        <li>
          <strong>Technical data</strong>: the time you completed the survey, your browser's user-agent string (browser and operating system
          name and version) and the survey version. We do not record your IP address; the record says only that it was submitted
          client-side.
        </li>
      </ul>

      <h3>2. How we use it</h3>
      <p>
        We use your answers to understand how people experience the challenges and to improve the movement. We use your email address only
        to send the one reminder you asked for (see section 5). We do not sell your information and we do not use it for advertising or
        profiling.
      </p>

      <h3>3. Sharing</h3>
      <p>
        We share responses publicly only if you answer Yes to "Do you consent to having your responses anonymously shared online?", and only
        in anonymised form: we remove your email address and anything that identifies you before anything is published. If you answer No,
        your responses and any upload stay private to the Step Zero team. We may disclose information if the law requires it.
      </p>

      <h3>4. Hosting and database providers</h3>
      <p>
        The website is served as static files by a content delivery network. Responses and uploads are stored with Supabase, our hosted
        database and file storage provider. If saving to the database fails, your response is sent to us by email through EmailJS, a
        transactional email service, so it is not lost. Reminders are sent through Resend, another transactional email service, by a job
        that runs every hour on GitHub Actions (GitHub's automation service), which keeps no copy of your address. These providers process
        data on our behalf under their own security and privacy commitments and may store it outside your country.
      </p>

      <h3>5. Retention and deletion</h3>
      <ul>
        <li>
          <strong>Survey answers</strong> are kept for as long as they help the movement; we review them at least once a year.
        </li>
        <li>
          <strong>Your email address</strong>, if you asked to be reminded: about 7 days after your response reached our database we send
          you one email with a word of encouragement, a link to this site and your reference, and nothing you typed. We send at most one
          reminder to an address every 30 days and at most 100 reminders a day. Your address is deleted from our database as soon as the
          reminder has been sent or could not be sent (if the sending job is interrupted just after sending, within about two hours), and in
          any case 30 days after your response reached our database, even if no reminder went. To keep to one reminder every 30 days, we
          keep a scrambled fingerprint of the address (from which the address cannot be read back) until those 30 days end.
        </li>
        <li>
          <strong>Uploads</strong> are kept with the response they belong to. An upload that no response names (for example because the
          response never reached us) is deleted 45 days after it was uploaded, by a clean-up job that runs every hour. If your browser
          delivers your response later than that, the response is stored without its upload.
        </li>
      </ul>
      <p>
        You can ask us at any time to delete your response, your email address or your upload by writing to {mail}. Quote the reference
        shown on your thank-you page (such as ABCD-2345): it lets us find your response without asking you for anything else. Without it,
        tell us the approximate date and time you answered and, if you gave one, your email address. We delete it, with its upload and any
        reminder still due, within 30 days, and keep only the response's internal number, with nothing else, so that a copy still on its way
        to us (from your browser or our email backup) is not stored again. If such a copy carries an upload, the upload may reach our
        storage again before the response is refused; no response names it then, and it is deleted like any such upload.
      </p>
      <p>
        Copies outside our database: if saving to the database failed, your response (with your address, if you gave one) reached our
        mailbox as a backup email; we delete such an email once its response is in our database, and at once when you ask for deletion.
        EmailJS and Resend keep a record of the emails they sent, with the recipient's address, for as long as their service keeps it; on a
        deletion request we delete the records of yours if their service lets us, and otherwise they go when that service's retention ends.
        Our database provider keeps daily backups of the database for a limited number of days set by our plan with them (7 days on its Pro
        plan); what we delete leaves them when they expire, and if we ever restore one, we delete again everything deleted since it was
        taken.
      </p>
      <p>
        So that no answer is lost when the connection fails, your browser keeps a copy of your submitted response (and its attachment, if
        any) in its own storage (IndexedDB, on your device only) until our database or our email backup has received it; it then deletes
        that copy. If it could not be sent, it tries again whenever you open any page of this site or come back online, and keeps the copy
        (your answers, the time you submitted them, your browser's user-agent string, the attachment, and when and how often it was tried)
        until it is delivered: it gives up and deletes it only after trying on 30 different days, our email backup failing on the last of
        them. This copy is separate from the saved answers that opening the home page clears, and you can remove it by clearing this site's
        data in your browser.
      </p>

      <h3>6. Your rights</h3>
      <p>
        Depending on where you live, you may have the right to access the information we hold about you, to correct it, to have it deleted,
        to object to or restrict how we use it, to receive a copy of it, and to withdraw your consent to sharing at any time (withdrawal
        does not affect sharing that already happened). To use any of these rights, write to {mail}. You may also complain to your local
        data protection authority.
      </p>

      <h3>7. Children under 13</h3>
      <p>
        Step Zero is not directed to children under 13 and we do not knowingly collect information from them. If you are under 13, please do
        not use the survey. If we learn that we have collected information from a child under 13, we delete it. Parents or guardians who
        believe their child has sent us information can contact {mail}.
      </p>

      <h3>8. Security</h3>
      <p>
        Information travels to our providers over encrypted connections, and the database only accepts new responses from the public site:
        it cannot be read back through it. No system is perfectly secure, so please do not upload anything you would not want a stranger to
        see.
      </p>

      <h3>9. Changes and contact</h3>
      <p>We will post any change to this policy on this page with a new effective date. Questions about this policy: {mail}.</p>
    </>
  );
}
