import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';

/** A file's icon by its type (PDF, image, video, spreadsheet, text, other): the library's and the home's. */
export function IconeArquivo({
  tipoMime,
  fontSize = 'medium',
}: {
  tipoMime: string | null;
  fontSize?: 'small' | 'large' | 'medium';
}) {
  const mime = tipoMime ?? '';
  if (mime === 'application/pdf') return <PictureAsPdfOutlinedIcon fontSize={fontSize} color="error" />;
  if (mime.startsWith('image/')) return <ImageOutlinedIcon fontSize={fontSize} color="info" />;
  if (mime.startsWith('video/')) return <MovieOutlinedIcon fontSize={fontSize} color="secondary" />;
  if (/spreadsheet|excel|csv/.test(mime)) return <TableChartOutlinedIcon fontSize={fontSize} color="success" />;
  if (/word|text|opendocument/.test(mime)) return <DescriptionOutlinedIcon fontSize={fontSize} color="primary" />;
  return <InsertDriveFileOutlinedIcon fontSize={fontSize} color="action" />;
}
