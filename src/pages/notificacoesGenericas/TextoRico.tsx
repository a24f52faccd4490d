import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';

/**
 * The rich text editor (tiptap through react-admin's ra-input-rich-text), in a chunk of its own:
 * the form loads it with React.lazy, so only the pages that edit pay for it. Its toolbar offers
 * what the server's allowlist keeps (domain/html.ts): no colours, alignment or images (styles and
 * images are removed when stored), and no level select (a list item outside a list for assistive
 * technology).
 */
export default function TextoRico({ label, helperText }: { label: string; helperText: string }) {
  return (
    <RichTextInput
      source="texto"
      label={label}
      helperText={helperText}
      fullWidth
      // tiptap injects ProseMirror's own rules in a <style> the portal's CSP refuses: without
      // pre-wrap a space typed at the end of a line collapses and is lost.
      sx={{ '& .ProseMirror': { whiteSpace: 'pre-wrap', wordWrap: 'break-word' } }}
      toolbar={
        <RichTextInputToolbar>
          <FormatButtons />
          <ListButtons />
          <LinkButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
    />
  );
}
