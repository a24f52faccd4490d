import ImageIcon from '@mui/icons-material/Image';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useRef, useState } from 'react';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { useNotify, useTranslate } from 'react-admin';
// The commands these extensions add to tiptap's chain (setImage, toggleHeading): ra-input-rich-text's
// default extensions load them; these imports only bring their types.
import type {} from '@tiptap/extension-heading';
import type {} from '@tiptap/extension-image';
import { RICH_TEXT_LINK } from './RichText';

export interface TextoRicoProps {
  label: string;
  helperText?: string;
  /** The form field (default `texto`). */
  source?: string;
  /** Offer section headings (h2, h3) as toggle buttons (no level select: see below). */
  titulos?: boolean;
  /**
   * Offer an image button: the picked image is uploaded by this function, which answers the
   * address the editor inserts (or null when the upload was refused and already reported).
   */
  enviarImagem?: (file: File) => Promise<string | null>;
  /** A required field: the label's asterisk, and aria-required on the editable element. */
  isRequired?: boolean;
}

/**
 * The rich text editor (tiptap through react-admin's ra-input-rich-text), in a chunk of its own:
 * the forms load it with React.lazy, so only the pages that edit pay for it. One component for
 * every rich text of the portal (generic notifications, announcements); its toolbar offers what
 * the server's allowlist keeps (domain/html.ts). No level select: it renders list items outside a
 * list for assistive technology, so headings are two toggle buttons instead.
 */
export default function TextoRico({
  label,
  helperText,
  source = 'texto',
  titulos,
  enviarImagem,
  isRequired,
}: TextoRicoProps) {
  const translate = useTranslate();
  // ra-input-rich-text labels the editor's wrapper, not the editable element that takes the focus,
  // and by the id of a box holding the toolbar and the text too: a screen reader entering the editor
  // heard no name. The editable element is a multi-line textbox named by the field's label.
  const name = translate(label, { _: label });
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': name,
          ...(isRequired ? { 'aria-required': 'true' } : {}),
        },
      },
    }),
    [name, isRequired],
  );
  return (
    <RichTextInput
      editorOptions={editorOptions}
      source={source}
      label={label}
      helperText={helperText}
      isRequired={isRequired}
      fullWidth
      // tiptap injects ProseMirror's own rules in a <style> the portal's CSP refuses: without
      // pre-wrap a space typed at the end of a line collapses and is lost.
      sx={{
        '& .ProseMirror': { whiteSpace: 'pre-wrap', wordWrap: 'break-word' },
        '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
        '& .ProseMirror a': RICH_TEXT_LINK,
      }}
      toolbar={
        <RichTextInputToolbar>
          {titulos && <TitulosButtons />}
          <FormatButtons />
          <ListButtons />
          <LinkButtons />
          <QuoteButtons />
          {enviarImagem && <ImagemButton enviar={enviarImagem} />}
          <ClearButtons />
        </RichTextInputToolbar>
      }
    />
  );
}

/** Headings 2 and 3 (the page's own title is the h1). */
function TitulosButtons() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const levels = [2, 3] as const;
  const active = levels.filter((level) => editor?.isActive('heading', { level }));
  return (
    <ToggleButtonGroup size="small" value={active}>
      {levels.map((level) => (
        <ToggleButton
          key={level}
          value={level}
          aria-label={`H${level} · ${translate(`richText.titulo${level}`)}`}
          title={translate(`richText.titulo${level}`)}
          disabled={!editor || !editor.isEditable}
          onClick={() => editor?.chain().focus().toggleHeading({ level }).run()}
        >
          {`H${level}`}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Picks an image, uploads it, and inserts it where the cursor is. */
function ImagemButton({ enviar }: { enviar: (file: File) => Promise<string | null> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const editor = useTiptapEditor();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const label = translate('richText.imagem');
  return (
    <ToggleButtonGroup size="small">
      <ToggleButton
        value="imagem"
        aria-label={label}
        title={label}
        disabled={!editor || !editor.isEditable || busy}
        onClick={() => input.current?.click()}
      >
        <ImageIcon fontSize="inherit" />
      </ToggleButton>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file || !editor) return;
          setBusy(true);
          try {
            const src = await enviar(file);
            if (src) editor.chain().focus().setImage({ src, alt: file.name }).run();
          } catch {
            notify('richText.imagemErro', { type: 'error' });
          } finally {
            setBusy(false);
          }
        }}
      />
    </ToggleButtonGroup>
  );
}
