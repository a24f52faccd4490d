import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useNotify, useTranslate } from 'react-admin';
import { uploadFile } from '../../../providers/files';
import { IMPORT_PATH, XLSX_MIME } from './importacao';

const t = (key: string) => `importarUsuarios.pagina.${key}`;

/**
 * The spreadsheet upload (spec sections 2, 5, 8): drop a .xlsx on the area or pick one with the
 * button (the picker offers .xlsx only), sent to POST /import/users (field `file`) with the bearer
 * token and its progress shown; a success or error toast with the server's translated message
 * (wrong type, duplicate, too large). `onUploaded` runs once the server has received it.
 */
export function ImportacaoUpload({ onUploaded }: { onUploaded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [sending, setSending] = useState<{ nome: string; percent: number } | null>(null);

  const send = async (file: File) => {
    setSending({ nome: file.name, percent: 0 });
    try {
      const { status, body } = await uploadFile(
        IMPORT_PATH,
        file,
        (percent) => setSending({ nome: file.name, percent }),
        { field: 'file' },
      );
      if (status === 201) {
        notify(translate(t('enviada'), { nome: file.name }), { type: 'success' });
        onUploaded();
      } else {
        notify(body.message ?? t('falhaEnvio'), { type: 'error' });
      }
    } catch {
      notify(t('falhaEnvio'), { type: 'error' });
    } finally {
      setSending(null);
    }
  };

  const refused = (rejections: FileRejection[]) => {
    const wrongType = rejections.some((r) => r.errors.some((e) => e.code === 'file-invalid-type'));
    // The same words as the server's refusal of a file that is not a spreadsheet.
    notify(wrongType ? 'importarUsuarios.upload.extensao' : t('umArquivo'), { type: 'error' });
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: { [XLSX_MIME]: ['.xlsx'] },
    multiple: false,
    // The button opens the picker (a real button: reached with Tab, pressed with Enter or Space).
    noClick: true,
    noKeyboard: true,
    disabled: sending !== null,
    onDropAccepted: (files) => void send(files[0]),
    onDropRejected: refused,
  });

  return (
    <Box
      {...getRootProps({ role: 'group', 'aria-label': translate(t('areaEnvio')) })}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        bgcolor: isDragActive ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: { xs: 2, sm: 3 },
        display: 'grid',
        gap: 1,
        justifyItems: 'center',
        textAlign: 'center',
      }}
    >
      {/* Visually hidden by react-dropzone but still in the tree: named for assistive technology. */}
      <input {...getInputProps({ 'aria-label': translate(t('arquivoPlanilha')) })} data-testid="importacao-arquivo" />
      <UploadFileIcon color="action" fontSize="large" aria-hidden />
      <Typography>{translate(t('area'))}</Typography>
      <Button variant="contained" startIcon={<UploadFileIcon />} onClick={open} disabled={sending !== null}>
        {translate(t('enviar'))}
      </Button>
      <Typography variant="caption" color="text.secondary">
        {translate(t('apenasXlsx'))}
      </Typography>
      <Box role="status" aria-live="polite" sx={{ width: '100%', maxWidth: 480 }}>
        {sending && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {translate(t('enviando'), { nome: sending.nome })} ({sending.percent}%)
            </Typography>
            <LinearProgress
              variant="determinate"
              value={sending.percent}
              aria-label={translate(t('enviando'), { nome: sending.nome })}
            />
          </>
        )}
      </Box>
    </Box>
  );
}
