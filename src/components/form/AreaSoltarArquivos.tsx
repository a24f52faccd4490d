import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useDropzone, type DropzoneOptions } from 'react-dropzone';
import { useFocoAoSair } from '../useFocoAoSair';

/** Marks the drop area's button: where the focus goes when the last file's row went. */
const ESCOLHER = 'data-escolher-arquivos';

/**
 * A drop area for files (react-dropzone): it takes dropped files, and its button (a real one, for
 * the keyboard) opens the file picker. Texts come translated; `testId` names the hidden input
 * for tests.
 */
export function AreaSoltarArquivos({
  options,
  soltar,
  escolher,
  ajuda,
  testId,
}: {
  options: DropzoneOptions;
  soltar: string;
  escolher: string;
  ajuda?: ReactNode;
  testId: string;
}) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    ...options,
    noClick: true,
    noKeyboard: true,
  });
  return (
    <Box
      {...getRootProps()}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 2,
        textAlign: 'center',
        display: 'grid',
        justifyItems: 'center',
        gap: 0.5,
      }}
    >
      <input {...getInputProps({ 'aria-label': escolher })} data-testid={testId} />
      <CloudUploadIcon color="action" />
      <Typography>{soltar}</Typography>
      <Button variant="outlined" size="small" onClick={open} disabled={options.disabled} {...{ [ESCOLHER]: '' }}>
        {escolher}
      </Button>
      {ajuda && (
        <Typography variant="body2" color="text.secondary">
          {ajuda}
        </Typography>
      )}
    </Box>
  );
}

/** The first button of the rows after `li`, else of those before it, else the drop area's nearest it. */
function botaoPerto(li: HTMLElement): HTMLElement | null | undefined {
  const botaoDe = (el: Element | null) => el?.querySelector<HTMLElement>('button');
  for (let el = li.nextElementSibling; el; el = el.nextElementSibling) if (botaoDe(el)) return botaoDe(el);
  for (let el = li.previousElementSibling; el; el = el.previousElementSibling) if (botaoDe(el)) return botaoDe(el);
  for (let el = li.parentElement; el; el = el.parentElement) {
    const escolher = el.querySelector<HTMLElement>(`[${ESCOLHER}]`);
    if (escolher) return escolher;
  }
  return undefined;
}

/**
 * A chosen file's row (an `li`) beside a drop area: when its remove or cancel button goes with it,
 * the keyboard's focus goes to the nearest row's button, or to the drop area's, not to the page's body.
 */
export function LinhaArquivo({ sx, children }: { sx?: SxProps<Theme>; children: ReactNode }) {
  const ref = useFocoAoSair<HTMLLIElement>(botaoPerto);
  return (
    <Box component="li" ref={ref} sx={sx}>
      {children}
    </Box>
  );
}
