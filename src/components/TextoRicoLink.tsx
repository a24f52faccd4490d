import InsertLink from '@mui/icons-material/InsertLink';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import { useEditorState } from '@tiptap/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
import { enderecoDoLink } from './enderecoDoLink';

interface Edicao {
  endereco: string;
  /** The link's text: asked when nothing is selected, and on a link (its text, to change it); not
   * when text is selected (it becomes the link). */
  texto: string | null;
  /** On a link: where it is in the document (the whole link is selected), and its text as it was. */
  existente: { from: number; to: number; texto: string } | null;
}

/**
 * The editor's link button (in place of ra-input-rich-text's, which asked with the browser's
 * untranslated prompt, accepted any address, and only with text selected): a dialog with the
 * address, prefilled on a link, checked as the server keeps links (`enderecoDoLink`); the link's
 * text too with nothing selected, and on a link (prefilled: changing it replaces the link's text),
 * where it also removes the link. The focus goes back to the editor when it closes.
 */
export function LinkButton() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const ativo = useEditorState({ editor, selector: ({ editor: e }) => e?.isActive('link') ?? false });
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const tituloId = useId();
  const label = translate('ra.tiptap.link');

  const enderecoRef = useRef<HTMLInputElement>(null);
  const textoRef = useRef<HTMLInputElement>(null);

  const abrir = () => {
    if (!editor) return;
    setErro(null);
    if (editor.isActive('link')) {
      const endereco = String(editor.getAttributes('link').href ?? '');
      editor.chain().extendMarkRange('link').run();
      const { from, to } = editor.state.selection;
      const texto = editor.state.doc.textBetween(from, to);
      setEdicao({ endereco, texto, existente: { from, to, texto } });
      return;
    }
    setEdicao({ endereco: '', texto: editor.state.selection.empty ? '' : null, existente: null });
  };
  const fechar = () => {
    setEdicao(null);
    editor?.commands.focus();
  };
  const aplicar = (event: FormEvent) => {
    event.preventDefault();
    if (!editor || !edicao) return;
    const href = enderecoDoLink(edicao.endereco);
    // A refusal is said on its field, which takes the focus (a screen reader hears the message).
    if (!href) {
      setErro('richText.linkInvalido');
      enderecoRef.current?.focus();
      return;
    }
    const texto = edicao.texto?.trim() ?? null;
    if (texto === '') {
      setErro('richText.linkSemTexto');
      textoRef.current?.focus();
      return;
    }
    const chain = editor.chain().focus();
    const comLink = (t: string) => ({ type: 'text', text: t, marks: [{ type: 'link', attrs: { href } }] });
    const { existente } = edicao;
    // Selected text, or a link whose text stays (keeping its other marks): the address only.
    if (texto === null || texto === existente?.texto) chain.extendMarkRange('link').setLink({ href }).run();
    else if (existente) chain.insertContentAt({ from: existente.from, to: existente.to }, comLink(texto)).run();
    // Typed text with its link (links end where they end: what is typed next is outside it).
    else chain.insertContent(comLink(texto)).run();
    setEdicao(null);
  };
  const remover = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setEdicao(null);
  };

  return (
    <>
      <ToggleButton
        value="link"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        disabled={!editor || !editor.isEditable}
        selected={ativo}
        onClick={abrir}
      >
        <InsertLink fontSize="inherit" />
      </ToggleButton>
      <Dialog open={!!edicao} onClose={fechar} aria-labelledby={tituloId} fullWidth maxWidth="xs" disableRestoreFocus>
        {edicao && (
          <form onSubmit={aplicar} noValidate>
            <DialogTitle id={tituloId}>
              {translate(edicao.existente ? 'richText.linkEditar' : 'richText.linkInserir')}
            </DialogTitle>
            <DialogContent>
              <TextField
                autoFocus
                fullWidth
                margin="dense"
                inputRef={enderecoRef}
                label={translate('richText.linkEndereco')}
                value={edicao.endereco}
                onChange={(event) => {
                  setErro(null);
                  setEdicao({ ...edicao, endereco: event.target.value });
                }}
                error={erro === 'richText.linkInvalido'}
                helperText={translate(erro === 'richText.linkInvalido' ? erro : 'richText.linkAjuda')}
                inputProps={{ inputMode: 'url', autoCapitalize: 'none', spellCheck: false }}
              />
              {edicao.texto !== null && (
                <TextField
                  fullWidth
                  margin="dense"
                  inputRef={textoRef}
                  label={translate('richText.linkTexto')}
                  value={edicao.texto}
                  onChange={(event) => {
                    setErro(null);
                    setEdicao({ ...edicao, texto: event.target.value });
                  }}
                  error={erro === 'richText.linkSemTexto'}
                  helperText={erro === 'richText.linkSemTexto' ? translate(erro) : undefined}
                />
              )}
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap' }}>
              {edicao.existente && (
                <Button color="warning" onClick={remover} sx={{ mr: 'auto' }}>
                  {translate('richText.linkRemover')}
                </Button>
              )}
              <Button onClick={fechar}>{translate('ra.action.cancel')}</Button>
              <Button type="submit" variant="contained">
                {translate('richText.linkAplicar')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Dialog>
    </>
  );
}
