import { useTranslation } from '../../../lib/translator';
import { CodeSnippet } from '../../../components/code-snippet';
import { config } from '../../../lib/config';

/**
 * The one line a business puts on every page of its website (contracts `overlaySnippet`;
 * overlays.test.tsx compares the two). Written out here: the contracts' module would be a chunk
 * of its own. The loader comes from the server's public address.
 */
export function overlaySnippetOf(publicId: string, origin = config.publicUrl || location.origin): string {
  return `<script src="${origin}/embed.js" data-spotlist-overlay="${publicId}" async></script>`;
}

export function SiteSnippet({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  return (
    <CodeSnippet
      title={t('OVERLAYS.SNIPPET')}
      hint={t('OVERLAYS.SNIPPET_HINT')}
      code={overlaySnippetOf(publicId)}
      rows={3}
      testId="overlay-snippet"
    />
  );
}
