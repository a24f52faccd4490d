import ImageIcon from '@mui/icons-material/Image';
import TableChartIcon from '@mui/icons-material/TableChart';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton, { type ToggleButtonProps } from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useRef, useState } from 'react';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
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
import { Link } from '@tiptap/extension-link';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { RICH_TEXT_HEADINGS, RICH_TEXT_LINK, RICH_TEXT_TABLE } from './RichText';
import { LinkButton } from './TextoRicoLink';

/**
 * ra-input-rich-text's extensions, with links that a click in the editor does not follow (tiptap
 * opens them in a new tab by default, even while editing: an author clicking their link to change
 * it left the page), and that end where they end: what is typed right after a link is not part of
 * it (tiptap's links grow while typed at their end, so the text after a link just inserted joined
 * it). The link button edits them; an address typed in the text still becomes a link.
 */
const EXTENSOES = [
  ...(DefaultEditorOptions.extensions ?? []).map((extension) =>
    extension.name === StarterKit.name ? StarterKit.configure({ link: false }) : extension,
  ),
  Link.extend({ inclusive: false }).configure({ openOnClick: false }),
];

/**
 * Tables (an announcement's: the server keeps them there only, domain/html.ts). Tab goes to the next
 * cell as in a word processor, but from the last cell it leaves the editor like anywhere else
 * (tiptap's own Tab adds a row there, which kept a keyboard user inside the editor for good).
 */
const TABELA = [
  Table.extend({
    addKeyboardShortcuts() {
      return {
        Tab: () => this.editor.commands.goToNextCell(),
        'Shift-Tab': () => this.editor.commands.goToPreviousCell(),
      };
    },
  }).configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];

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
  /** Offer tables (insert, add and remove rows and columns): an announcement's message. */
  tabelas?: boolean;
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
  tabelas,
}: TextoRicoProps) {
  const translate = useTranslate();
  // ra-input-rich-text labels the editor's wrapper, not the editable element that takes the focus,
  // and by the id of a box holding the toolbar and the text too: a screen reader entering the editor
  // heard no name. The editable element is a multi-line textbox named by the field's label.
  const name = translate(label, { _: label });
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      extensions: [...EXTENSOES, ...(tabelas ? TABELA : [])],
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': name,
          ...(isRequired ? { 'aria-required': 'true' } : {}),
        },
      },
    }),
    [name, isRequired, tabelas],
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
        '& .ProseMirror': { whiteSpace: 'pre-wrap', wordWrap: 'break-word', ...RICH_TEXT_HEADINGS },
        '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
        '& .ProseMirror a': RICH_TEXT_LINK,
        '& .ProseMirror .tableWrapper': RICH_TEXT_TABLE,
        '& .ProseMirror .selectedCell': { bgcolor: 'action.selected' },
      }}
      toolbar={
        <RichTextInputToolbar>
          {titulos && <TitulosButtons />}
          <FormatButtons />
          <ListButtons />
          <LinkButton />
          <QuoteButtons />
          {enviarImagem && <ImagemButton enviar={enviarImagem} />}
          {tabelas && <TabelaButton />}
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

/**
 * A toolbar button showing an icon, named by `label` (also its tooltip), off while the editor is not
 * editable; in a group of the default size, as react-admin's own buttons beside it.
 */
function BotaoBarra({
  label,
  disabled,
  ...props
}: { label: string } & Omit<ToggleButtonProps, 'aria-label' | 'title'>) {
  const editor = useTiptapEditor();
  return (
    <ToggleButton {...props} aria-label={label} title={label} disabled={!editor || !editor.isEditable || disabled} />
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
    <ToggleButtonGroup>
      <BotaoBarra value="imagem" label={label} disabled={busy} onClick={() => input.current?.click()}>
        <ImageIcon fontSize="inherit" />
      </BotaoBarra>
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

/**
 * The table menu: insert a 3 x 3 table with a header row where the cursor is, then, inside a table,
 * add a row below or a column to the right, remove the row, the column or the whole table. Each
 * item is offered only when the editor can do it there.
 */
function TabelaButton() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('richText.tabela');
  const chain = () => editor!.chain().focus();
  const acoes = [
    {
      id: 'tabelaInserir',
      pode: () => editor!.can().insertTable(),
      fazer: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    { id: 'tabelaLinha', pode: () => editor!.can().addRowAfter(), fazer: () => chain().addRowAfter().run() },
    { id: 'tabelaColuna', pode: () => editor!.can().addColumnAfter(), fazer: () => chain().addColumnAfter().run() },
    { id: 'tabelaExcluirLinha', pode: () => editor!.can().deleteRow(), fazer: () => chain().deleteRow().run() },
    { id: 'tabelaExcluirColuna', pode: () => editor!.can().deleteColumn(), fazer: () => chain().deleteColumn().run() },
    { id: 'tabelaExcluir', pode: () => editor!.can().deleteTable(), fazer: () => chain().deleteTable().run() },
  ];
  return (
    <ToggleButtonGroup>
      <BotaoBarra
        value="tabela"
        label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        selected={!!editor?.isActive('table')}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <TableChartIcon fontSize="inherit" />
      </BotaoBarra>
      {/* The chosen command puts the cursor in the editor at once, in the click: the menu neither
          holds the focus in itself (its trap took it back from the editor) nor gives it back to its
          button as it fades (keys typed meanwhile went there, then the rest into the cell the
          cursor had been in). Closed without a choice, the focus goes back to the button. */}
      <Menu
        anchorEl={anchor}
        open={!!anchor && !!editor}
        disableEnforceFocus
        disableRestoreFocus
        onClose={() => {
          anchor?.focus();
          setAnchor(null);
        }}
      >
        {editor &&
          acoes.map((acao) => (
            <MenuItem
              key={acao.id}
              disabled={!acao.pode()}
              onClick={() => {
                setAnchor(null);
                acao.fazer();
              }}
            >
              {translate(`richText.${acao.id}`)}
            </MenuItem>
          ))}
      </Menu>
    </ToggleButtonGroup>
  );
}
