import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translator';

/** Links the server keeps (its sanitizer's allow-list): http(s), mailto and tel. */
export const isAllowedLink = (url: string): boolean => /^(https?:\/\/\S+|mailto:\S+|tel:[+0-9()\s-]+)$/i.test(url.trim());

/**
 * The rich text of an overlay (its own chunk: TipTap and ProseMirror load with the editor only).
 * Only what the server's sanitizer keeps can be written: headings (h2, h3), paragraphs, bold,
 * italic, underline, strike, bullet and numbered lists, links (http, https, mailto, tel). Pasted
 * HTML is reduced to that by the editor's schema, and the server sanitizes what is saved again.
 * `onChange` gets the HTML after each edit by the user (not when the editor is made).
 */
export default function RichTextEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
          isAllowedUri: (url) => isAllowedLink(url),
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true', role: 'textbox', class: 'rich-text-area' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className="rich-text" data-testid="rich-text">
      <span id={`${id}-label`} className="rich-text-label">
        {label}
      </span>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
      <p className="form-hint">{t('OVERLAYS.TEXT_HINT')}</p>
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  const tools: { key: keyof typeof state; label: string; text: string; run: () => void }[] = [
    { key: 'h2', label: t('OVERLAYS.TOOL_HEADING'), text: 'H2', run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: t('OVERLAYS.TOOL_SUBHEADING'), text: 'H3', run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', label: t('OVERLAYS.TOOL_BOLD'), text: 'B', run: () => chain().toggleBold().run() },
    { key: 'italic', label: t('OVERLAYS.TOOL_ITALIC'), text: 'I', run: () => chain().toggleItalic().run() },
    { key: 'underline', label: t('OVERLAYS.TOOL_UNDERLINE'), text: 'U', run: () => chain().toggleUnderline().run() },
    { key: 'bullet', label: t('OVERLAYS.TOOL_BULLETS'), text: '•', run: () => chain().toggleBulletList().run() },
    { key: 'ordered', label: t('OVERLAYS.TOOL_NUMBERS'), text: '1.', run: () => chain().toggleOrderedList().run() },
  ];
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('OVERLAYS.TOOLBAR')}>
      {tools.map((tool) => (
        <button
          key={tool.key}
          type="button"
          className={`rich-text-tool rich-text-tool-${tool.key}`}
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={state[tool.key]}
          onClick={tool.run}
        >
          {tool.text}
        </button>
      ))}
      <button
        type="button"
        className="rich-text-tool"
        aria-pressed={state.link}
        aria-expanded={linking}
        onClick={() => (state.link ? chain().unsetLink().run() : setLinking((v) => !v))}
      >
        {state.link ? t('OVERLAYS.TOOL_UNLINK') : t('OVERLAYS.TOOL_LINK')}
      </button>
      {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
    </div>
  );
}

/** The address of a new link for the selected words (refused unless http(s), mailto or tel). */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState('https://');
  const [invalid, setInvalid] = useState(false);
  // not a <form>: the editor sits inside the overlay's form
  const submit = () => {
    if (!isAllowedLink(url)) return setInvalid(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    // no words selected: the address itself becomes the link's words
    if (editor.state.selection.empty)
      chain.insertContent({ type: 'text', text: url.trim(), marks: [{ type: 'link', attrs: { href: url.trim() } }] }).run();
    else chain.setLink({ href: url.trim() }).run();
    onDone();
  };
  return (
    <div className="rich-text-link" role="group" aria-label={t('OVERLAYS.TOOL_LINK')}>
      <label htmlFor={id} className="visually-hidden">
        {t('OVERLAYS.LINK_ADDRESS')}
      </label>
      <input
        id={id}
        type="url"
        value={url}
        autoFocus
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => {
          setUrl(e.target.value);
          setInvalid(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          } else if (e.key === 'Escape') onDone();
        }}
      />
      <button type="button" className="app-button app-button-small" onClick={submit}>
        {t('OVERLAYS.LINK_ADD')}
      </button>
      <button type="button" className="app-button app-button-small app-button-clear" onClick={onDone}>
        {t('COMMON.CANCEL')}
      </button>
      {invalid && (
        <p className="field-error" id={`${id}-error`}>
          {t('OVERLAYS.LINK_INVALID')}
        </p>
      )}
    </div>
  );
}
