// Footer of every shell (seed 000 §1): copyright with the current year, the two static PDFs,
// and the best-viewed notice.
export const PORTAL_NAME = 'Reporting Portal';

export function Footer() {
  return (
    <footer className="footer">
      <span>
        © {new Date().getFullYear()} {PORTAL_NAME}. All rights reserved.
      </span>
      <nav className="footer-links">
        <a href="/privacy-policy.pdf" target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
        <a href="/personal-data-protection.pdf" target="_blank" rel="noreferrer">
          Personal Data Protection Notice
        </a>
      </nav>
      <span className="best-viewed">Best viewed in current desktop browsers at 1024x768 or larger.</span>
    </footer>
  );
}
