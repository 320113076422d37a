// Stored rich text (public messages, bulletin messages) put into the page through the allow-list
// of rich-text-policy.ts (client/src/ui/rich-text.ts): only inert markup reaches the DOM.
import { sanitizeRichText } from '../ui/rich-text';

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
