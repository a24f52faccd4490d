import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDropzone, type DropzoneOptions } from 'react-dropzone';

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
      <Button variant="outlined" size="small" onClick={open} disabled={options.disabled}>
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
