import FolderIcon from '@mui/icons-material/Folder';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useState } from 'react';
import { useTranslate } from 'react-admin';
import { BIBLIOTECA_TOOLTIP_GRUPOS_MOBILE, BIBLIOTECA_TOOLTIP_MAX_WIDTH_PX } from '../../../domain/biblioteca';
import { IconeArquivo } from '../../components/IconeArquivo';
import { visuallyHidden } from '../../components/visuallyHidden';
import { truncar, type ItemBiblioteca, type PermissaoPasta } from './tipos';

/** Phones (spec section 9's 640 px): no search box, the groups' tooltip cut short. */
export const MOBILE_QUERY = '(max-width:639.95px)';
/** "The list switches to a compact layout at 768 px or less" (spec section 2). */
export const LISTA_COMPACTA_QUERY = '(max-width:768px)';

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY, { noSsr: true });
export const useIsListaCompacta = () => useMediaQuery(LISTA_COMPACTA_QUERY, { noSsr: true });

/**
 * An item's name cut at 40 characters with an ellipsis; the whole name is what assistive
 * technology reads (and the mouse's tooltip).
 */
export function NomeItem({ nome }: { nome: string }) {
  const curto = truncar(nome);
  if (curto === nome) return <>{nome}</>;
  return (
    <>
      <span aria-hidden="true" title={nome}>
        {curto}
      </span>
      <Box component="span" sx={visuallyHidden}>
        {nome}
      </Box>
    </>
  );
}

/** An image's thumbnail when the thumbnail job made one, else the folder's or the file type's icon. */
export function IconeItem({ item, grande = false }: { item: ItemBiblioteca; grande?: boolean }) {
  const lado = grande ? 96 : 32;
  if (item.arquivoMiniaturaLink) {
    return (
      <Box
        component="img"
        src={item.arquivoMiniaturaLink}
        alt=""
        loading="lazy"
        data-testid="miniatura"
        sx={{ width: lado, height: lado, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
      />
    );
  }
  const fontSize = grande ? 'large' : 'medium';
  return (
    <Box
      sx={{
        width: lado,
        height: lado,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        '& svg': grande ? { fontSize: 56 } : undefined,
      }}
    >
      {item.isPasta ? (
        <FolderIcon fontSize={fontSize} sx={{ color: 'warning.main' }} />
      ) : (
        <IconeArquivo tipoMime={item.tipoMime} fontSize={fontSize} />
      )}
    </Box>
  );
}

/**
 * The open folder and the groups that reach what is inside it (its inherited and own groups): a
 * listing's items do not carry the groups inherited from above (the folder's detail does).
 */
export const PastaAberta = createContext<{ id: string; grupos: PermissaoPasta[] } | null>(null);

/** The groups reaching a folder: those inherited from above (through the open folder when it is its parent) and its own. */
function useGruposDe(item: ItemBiblioteca): PermissaoPasta[] {
  const aberta = useContext(PastaAberta);
  const herdadas = item.permissoesHerdadas ?? (aberta && item.pastaPai?.id === aberta.id ? aberta.grupos : []);
  return [...herdadas, ...item.permissoes];
}

/**
 * The globe of a public folder (its tooltip lists the groups reaching it) or the lock of a private
 * one. The tooltip shows on hover, and while the item holding it has the keyboard's focus
 * (`comFoco`): the icon is not a tab stop of its own (the item is), and screen readers read its label.
 */
export function IconeVisibilidade({ item, comFoco = false }: { item: ItemBiblioteca; comFoco?: boolean }) {
  const translate = useTranslate();
  const mobile = useIsMobile();
  const todos = useGruposDe(item);
  const [sobre, setSobre] = useState(false);
  if (!item.isPasta) return null;
  const grupos = todos.map((p) =>
    translate('biblioteca.visibilidade.grupo', {
      nome: p.grupoUsuarios.nome,
      permissao: translate(`biblioteca.permissoes.${p.permissaoAcessoPasta.id}`),
    }),
  );
  // The groups' list is what a phone cuts at 25 characters (spec section 2), not the words around it.
  const dica = (cortar: boolean) =>
    !item.isPublico
      ? translate('biblioteca.visibilidade.privadaDica')
      : grupos.length > 0
        ? translate('biblioteca.visibilidade.publicaGrupos', {
            grupos: cortar ? truncar(grupos.join(', '), BIBLIOTECA_TOOLTIP_GRUPOS_MOBILE) : grupos.join(', '),
          })
        : translate('biblioteca.visibilidade.publica');
  const texto = dica(false);
  return (
    <Tooltip
      open={sobre || comFoco}
      onOpen={() => setSobre(true)}
      onClose={() => setSobre(false)}
      title={dica(mobile)}
      slotProps={{ tooltip: { sx: { maxWidth: BIBLIOTECA_TOOLTIP_MAX_WIDTH_PX } } }}
    >
      <Box
        component="span"
        role="img"
        aria-label={texto}
        sx={{ display: 'inline-flex', color: 'text.secondary', flexShrink: 0 }}
      >
        {item.isPublico ? (
          <PublicIcon fontSize="small" data-testid="icone-publica" />
        ) : (
          <LockOutlinedIcon fontSize="small" data-testid="icone-privada" />
        )}
      </Box>
    </Tooltip>
  );
}

/** Where an item is: the library, then each folder from the top level down to its parent. */
export function useCaminho() {
  const translate = useTranslate();
  return (item: Pick<ItemBiblioteca, 'breadcrumb'>) =>
    [translate('biblioteca.raiz'), ...item.breadcrumb.map((b) => b.nome)].join(' / ');
}
