// A rich-text field (Tiptap): headings, lists, bold, italic and links, operable by keyboard.
// It emits HTML; the server sanitises it on save and the browser again on render.
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  label: string;
  placeholder?: string;
}

interface ToolbarButtonProps {
  label: string;
  isActive?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

function ToolbarButton({ label, isActive, disabled, onClick, children }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      className={isActive ? 'rte__button rte__button--active' : 'rte__button'}
      aria-label={label}
      title={label}
      aria-pressed={isActive === undefined ? undefined : isActive}
      disabled={disabled}
      // Keep the selection in the editor while clicking the toolbar.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Only https: and mailto: links survive the server's sanitiser, so only those are offered. */
function normaliseLink(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^mailto:/i.test(value) || /^https:\/\//i.test(value)) return value;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (/^http:\/\//i.test(value)) return value.replace(/^http:/i, 'https:');
  return `https://${value}`;
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone(): void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(() => String(editor.getAttributes('link').href ?? ''));
  useEffect(() => inputRef.current?.focus(), []);
  const apply = () => {
    const href = normaliseLink(url);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href) chain.setLink({ href }).run();
    else chain.unsetLink().run();
    onDone();
  };
  return (
    <div className="rte__link-form" role="group" aria-label="Link">
      <label htmlFor={inputId}>Link address</label>
      <input
        id={inputId}
        ref={inputRef}
        type="text"
        inputMode="url"
        value={url}
        placeholder="https://"
        onChange={(event) => setUrl(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
            editor.commands.focus();
          }
        }}
      />
      <button type="button" className="rte__button rte__button--text" onClick={apply}>
        Apply
      </button>
      <button
        type="button"
        className="rte__button rte__button--text"
        onClick={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          onDone();
        }}
      >
        Remove link
      </button>
    </div>
  );
}

function Toolbar({ editor, labelId }: { editor: Editor; labelId: string }) {
  const [isLinkFormOpen, setLinkFormOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  return (
    <>
      <div className="rte__toolbar" role="toolbar" aria-labelledby={labelId} aria-controls={undefined}>
        <ToolbarButton
          label="Heading"
          isActive={state.h2}
          onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolbarButton>
        <ToolbarButton
          label="Subheading"
          isActive={state.h3}
          onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolbarButton>
        <ToolbarButton label="Bold" isActive={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
          <strong aria-hidden="true">B</strong>
        </ToolbarButton>
        <ToolbarButton
          label="Italic"
          isActive={state.italic}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        >
          <em aria-hidden="true">I</em>
        </ToolbarButton>
        <ToolbarButton
          label="Bulleted list"
          isActive={state.bullet}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        >
          <span aria-hidden="true">• List</span>
        </ToolbarButton>
        <ToolbarButton
          label="Numbered list"
          isActive={state.ordered}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        >
          <span aria-hidden="true">1. List</span>
        </ToolbarButton>
        <ToolbarButton label="Link" isActive={state.link} onClick={() => setLinkFormOpen((open) => !open)}>
          <span aria-hidden="true">Link</span>
        </ToolbarButton>
      </div>
      {isLinkFormOpen && <LinkForm editor={editor} onDone={() => setLinkFormOpen(false)} />}
    </>
  );
}

/** A labelled rich-text field. `value` seeds the editor and later outside changes replace its content. */
export function RichTextEditor({ value, onChange, label, placeholder }: RichTextEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lastEmitted = useRef(value);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        blockquote: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto'],
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(placeholder ? { 'aria-describedby': hintId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
  });

  // A value that did not come from typing here (a fetched draft, a reset) replaces the content.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rte">
      <span className="rte__label" id={labelId}>
        {label}
      </span>
      {placeholder && (
        <p className="rte__hint" id={hintId}>
          {placeholder}
        </p>
      )}
      <div className="rte__frame">
        {editor && <Toolbar editor={editor} labelId={labelId} />}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
