// The Terms of Service tab, including dispute resolution by arbitration under Florida law.
import { config } from '../../config';

export function TermsOfService({ effectiveDate }: { effectiveDate: string }) {
  const mail = <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>;
  return (
    <>
      <h2>Terms of Service</h2>
      <p className="policy__date">Effective date: {effectiveDate}</p>
      <p>
        These terms govern your use of the Step Zero website and survey. By using the site or submitting the survey you agree to them and to
        our Privacy Policy. If you do not agree, please do not use the site.
      </p>

      <h3>1. Who may use the site</h3>
      <p>You must be at least 13 years old to use the site. If you are under 18, use it with the permission of a parent or guardian.</p>

      <h3>2. Challenges are your choice</h3>
      <p>
        Step Zero challenges are invitations, not instructions. You decide whether and how to take one on. Use your own judgement, respect
        the law and other people, and never put yourself or anyone else at risk. You take part at your own risk.
      </p>

      <h3>3. Your responses and uploads</h3>
      <p>
        You keep ownership of what you submit. If you consent to anonymous sharing, you give Step Zero a worldwide, royalty-free,
        non-exclusive licence to use, reproduce and publish your responses and upload in anonymised form to promote the movement. You can
        withdraw that consent for the future at any time by contacting {mail}. You confirm that you have the right to submit what you upload
        and that it does not show anyone who has not agreed to it.
      </p>

      <h3>4. Acceptable use</h3>
      <p>
        Do not submit anything unlawful, hateful, harassing, sexually explicit or infringing, any malware, or anyone else's personal
        information. Do not try to disrupt the site, overload it or get around its limits. We may remove any submission at our discretion.
      </p>

      <h3>5. No warranty</h3>
      <p>
        The site is provided "as is" and "as available", without warranties of any kind, express or implied, to the extent the law allows.
      </p>

      <h3>6. Limitation of liability</h3>
      <p>
        To the extent the law allows, Step Zero is not liable for any indirect, incidental or consequential damages, or for anything that
        happens while you take on a challenge. Our total liability for any claim relating to the site is limited to US $100.
      </p>

      <h3>7. Dispute resolution and governing law</h3>
      <p>
        These terms are governed by the laws of the State of Florida, USA, without regard to its conflict-of-law rules. Any dispute arising
        from these terms or the site will be resolved by binding individual arbitration under Florida law, seated in Florida, rather than in
        court, except that either party may bring an individual claim in small claims court. Class actions and class arbitrations are not
        permitted. Before starting arbitration, write to {mail} and give us 30 days to try to resolve the dispute informally.
      </p>

      <h3>8. Changes and contact</h3>
      <p>We may update these terms; the new version applies from its effective date posted on this page. Questions: {mail}.</p>
    </>
  );
}
