import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import GridViewIcon from '@mui/icons-material/GridView';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewListIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError, Title, usePermissions, useStore, useTranslate } from 'react-admin';
import { useDropzone } from 'react-dropzone';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  BIBLIOTECA_BUSCA_DEBOUNCE_MS,
  BIBLIOTECA_ITENS_POR_PAGINA_PADRAO,
  BIBLIOTECA_ROWS_PER_PAGE_PADRAO,
  isRaiz,
} from '../../../domain/biblioteca';
import { allows, policies } from '../../../domain/policies';
import type { PortalPermissions } from '../../../providers/authProvider';
import { useBreadcrumbLabel, type Crumb } from '../../components/breadcrumbLabel';
import { focarSePerdido } from '../../components/useFocoAoSair';
import { BarraSelecao, type AcaoSelecao } from '../../components/list/BarraSelecao';
import { LoadError } from '../../components/LoadError';
import { Paginacao } from '../../components/list/Paginacao';
import { ConcederAcessoDialog } from './dialogos/ConcederAcessoDialog';
import { ExcluirDialog } from './dialogos/ExcluirDialog';
import { MoverDialog } from './dialogos/MoverDialog';
import { NovaPastaDialog } from './dialogos/NovaPastaDialog';
import { RenomearDialog } from './dialogos/RenomearDialog';
import { UploadDialog } from './dialogos/UploadDialog';
import { VisualizadorImagem } from './dialogos/VisualizadorImagem';
import { Grade, type VistaItensProps } from './Grade';
import { useCliques } from './interacao';
import { Lista } from './Lista';
import { Recentes } from './Recentes';
import { motivosDesabilitadas } from './regras';
import { EstadoVazio, ResultadosBusca } from './ResultadosBusca';
import { isImagem, pastaPath, truncar, type ItemBiblioteca } from './tipos';
import { useAbrirItem, useBaixar } from './useAbrirItem';
import { useBusca, useItens, usePasta } from './useBiblioteca';
import { NomeItem, PastaAberta, useIsMobile } from './visual';

type Modo = 'grade' | 'lista';
type Dialogo = 'novaPasta' | 'upload' | 'excluir' | 'mover' | 'concederAcesso' | 'renomear';

/**
 * The library's breadcrumbs on phones (spec section 2: the root entry, then each folder above),
 * named by the server. Wider, the top bar's breadcrumbs show the same path (the page gives them the
 * folders above): one trail at a time.
 */
function Trilha({ pasta }: { pasta: ItemBiblioteca | null }) {
  const translate = useTranslate();
  const raiz = translate('biblioteca.raiz');
  return (
    <Breadcrumbs aria-label={translate('biblioteca.trilha')} sx={{ '& ol': { flexWrap: 'wrap' }, minWidth: 0 }}>
      {pasta ? (
        <Link component={RouterLink} to={pastaPath(null)} underline="hover" color="inherit">
          {raiz}
        </Link>
      ) : (
        <Typography color="text.primary" aria-current="page">
          {raiz}
        </Typography>
      )}
      {pasta?.breadcrumb.map((b) => (
        <Link key={b.id} component={RouterLink} to={pastaPath(b.id)} underline="hover" color="inherit">
          <NomeItem nome={b.nome} />
        </Link>
      ))}
      {pasta && (
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: 'anywhere' }}>
          <NomeItem nome={pasta.nome} />
        </Typography>
      )}
    </Breadcrumbs>
  );
}

/** A folder that does not exist or is not shared with the user: said so, and the way back. */
function PastaNaoEncontrada() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 6, px: 2, display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <FolderOffOutlinedIcon color="action" sx={{ fontSize: 48 }} />
      <Typography color="text.secondary">{translate('biblioteca.naoEncontrada.texto')}</Typography>
      <Button component={RouterLink} to={pastaPath(null)} variant="outlined">
        {translate('biblioteca.naoEncontrada.voltar')}
      </Button>
    </Box>
  );
}

/**
 * Where the focus goes when the control that had it is gone: the folder's title. A dialog's
 * action can take its opener away (the selection bar after a move or a removal, the upload button
 * once the folder has files), and opening a folder replaces the item focused; the browser would
 * leave the focus on the page's body, and a keyboard user at its top. Not on the first load.
 */
function useFocoNoTitulo(titulo: React.RefObject<HTMLElement | null>, dialogoAberto: boolean) {
  const { key } = useLocation();
  const primeiraCarga = useRef(key === 'default');
  useEffect(() => {
    if (dialogoAberto) return;
    if (primeiraCarga.current) {
      primeiraCarga.current = false;
      return;
    }
    const quadro = requestAnimationFrame(() => focarSePerdido(titulo.current));
    return () => cancelAnimationFrame(quadro);
  }, [titulo, dialogoAberto]);
}

/**
 * /biblioteca and /biblioteca/{idPasta} (issue #29, spec section 2 "Virtual library"). A new route
 * (another folder) starts afresh: no selection, no search, no dialog.
 */
export default function BibliotecaPage() {
  const { pathname } = useLocation();
  return <Biblioteca key={pathname} />;
}

function Biblioteca() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { idPasta } = useParams<{ idPasta?: string }>();
  const raiz = isRaiz(idPasta);
  const { permissions } = usePermissions<PortalPermissions | null>();
  const gerenciar = allows(permissions ?? null, policies.biblioteca.gerenciar);
  const mobile = useIsMobile();
  const [modo, setModo] = useStore<Modo>('biblioteca.modo', 'grade');
  const [texto, setTexto] = useState('');
  const [busca, setBusca] = useState('');
  const [paginaBusca, setPaginaBusca] = useState(0);
  const [porPaginaBusca, setPorPaginaBusca] = useState<number>(BIBLIOTECA_ROWS_PER_PAGE_PADRAO);
  const [pagina, setPagina] = useState(0);
  const [selecao, setSelecao] = useState<ReadonlySet<string>>(new Set());
  // The dialog open and the items it acts on, as selected when it opened (the upload: the files
  // dropped on the folder that opened it, if any).
  const [dialogo, setDialogo] = useState<{ tipo: Dialogo; itens: ItemBiblioteca[]; soltos?: File[] } | null>(null);
  const [visualizar, setVisualizar] = useState<{ imagens: ItemBiblioteca[]; inicial: number } | null>(null);

  const pasta = usePasta(idPasta);
  const itens = useItens(idPasta, pagina);
  const resultado = useBusca(busca, idPasta, paginaBusca, porPaginaBusca);
  const buscando = busca.length > 0;
  const naoEncontrada = !raiz && pasta.error instanceof HttpError && pasta.error.status === 404;
  const acima = useMemo<Crumb[]>(
    () => (pasta.data?.breadcrumb ?? []).map((b) => ({ label: truncar(b.nome), to: pastaPath(b.id) })),
    [pasta.data],
  );
  useBreadcrumbLabel(
    naoEncontrada ? translate('biblioteca.naoEncontrada.titulo') : pasta.data && truncar(pasta.data.nome),
    acima,
  );
  const tituloRef = useRef<HTMLHeadingElement>(null);
  useFocoNoTitulo(tituloRef, dialogo !== null || visualizar !== null);

  // The search waits for typing to pause (150 ms); a new search starts on its first page, unselected.
  // Answers whether the words typed were new.
  const buscarTexto = useCallback(() => {
    const nova = texto.trim();
    if (nova === busca) return false;
    setBusca(nova);
    setPaginaBusca(0);
    setSelecao(new Set());
    return true;
  }, [texto, busca]);
  useEffect(() => {
    const timer = setTimeout(buscarTexto, BIBLIOTECA_BUSCA_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [buscarTexto]);
  // Enter searches at once, and searches again for the same words (a file indexed meanwhile shows).
  const buscarAgora = () => {
    if (!buscarTexto() && busca) void resultado.refetch();
  };

  const visiveis = (buscando ? resultado.data?.content : itens.data?.content) ?? [];
  const selecionados = visiveis.filter((i) => selecao.has(i.id));
  const motivos = motivosDesabilitadas(selecionados);
  const motivo = (acao: keyof typeof motivos) => motivos[acao] && `biblioteca.motivos.${motivos[acao]}`;
  const baixar = useBaixar();

  const alternar = (item: ItemBiblioteca) =>
    setSelecao((atual) => {
      const nova = new Set(atual);
      if (nova.has(item.id)) nova.delete(item.id);
      else nova.add(item.id);
      return nova;
    });
  const alternarTodos = () =>
    setSelecao(visiveis.every((i) => selecao.has(i.id)) ? new Set() : new Set(visiveis.map((i) => i.id)));
  const abrir = useAbrirItem({
    onAbrirPasta: (p) => {
      setTexto('');
      setBusca('');
      setSelecao(new Set());
      void navigate(pastaPath(p.id));
    },
    onVerImagem: (imagem) => {
      const imagens = visiveis.filter(isImagem);
      setVisualizar({ imagens, inicial: imagens.findIndex((i) => i.id === imagem.id) });
    },
  });
  const cliques = useCliques(alternar, abrir);
  const vista: Omit<VistaItensProps, 'itens'> = {
    selecao,
    onClique: cliques.onClick,
    onDuploClique: cliques.onDoubleClick,
    onAbrir: abrir,
    onAlternar: alternar,
  };

  const acoes: AcaoSelecao[] = [
    {
      id: 'excluir',
      label: 'biblioteca.acoes.excluir',
      icon: <DeleteOutlineIcon />,
      visivel: true,
      desabilitado: motivo('excluir'),
      run: () => setDialogo({ tipo: 'excluir', itens: selecionados }),
    },
    {
      id: 'mover',
      label: 'biblioteca.acoes.mover',
      icon: <DriveFileMoveOutlinedIcon />,
      visivel: true,
      desabilitado: motivo('mover'),
      run: () => setDialogo({ tipo: 'mover', itens: selecionados }),
    },
    {
      id: 'baixar',
      label: 'biblioteca.acoes.baixar',
      icon: <DownloadIcon />,
      visivel: true,
      desabilitado: motivo('baixar'),
      run: () => void baixar(selecionados),
    },
    {
      id: 'concederAcesso',
      label: 'biblioteca.acoes.concederAcesso',
      icon: <GroupAddOutlinedIcon />,
      visivel: true,
      desabilitado: motivo('concederAcesso'),
      run: () => setDialogo({ tipo: 'concederAcesso', itens: selecionados }),
    },
    {
      id: 'renomear',
      label: 'biblioteca.acoes.renomear',
      icon: <DriveFileRenameOutlineIcon />,
      visivel: true,
      desabilitado: motivo('renomear'),
      run: () => setDialogo({ tipo: 'renomear', itens: selecionados }),
    },
  ];

  const vazia = itens.isSuccess && itens.data.totalElements === 0;
  // Spec section 2: upload is offered in a folder (not the root) that has no items yet, and not while searching.
  const podeEnviar = gerenciar && !raiz && !buscando && vazia;
  const titulo = raiz
    ? translate('routes.biblioteca')
    : naoEncontrada
      ? translate('biblioteca.naoEncontrada.titulo')
      : (pasta.data?.nome ?? translate('routes.bibliotecaPasta'));
  const pastaAtual = raiz ? null : (pasta.data ?? null);
  const aberta = pastaAtual && {
    id: pastaAtual.id,
    grupos: [...(pastaAtual.permissoesHerdadas ?? []), ...pastaAtual.permissoes],
  };
  // Files dropped from the computer on a folder the manager writes to open the upload into it,
  // whether the folder has items or not (the header's button is only for an empty one, spec section 2).
  const podeSoltar = gerenciar && !raiz && !buscando && !naoEncontrada && pasta.data?.podeEscrever === true;
  const soltar = useDropzone({
    noClick: true,
    noKeyboard: true,
    multiple: true,
    disabled: !podeSoltar || dialogo !== null,
    onDrop: (aceitos, recusados) => {
      const arquivos = [...aceitos, ...recusados.map((r) => r.file)];
      if (arquivos.length === 0) return;
      setDialogo({ tipo: 'upload', itens: [], soltos: arquivos });
    },
  });
  const fechar = () => setDialogo(null);
  const limpar = () => setSelecao(new Set());

  let conteudo;
  if (naoEncontrada) {
    conteudo = <PastaNaoEncontrada />;
  } else if (buscando) {
    conteudo = (
      <ResultadosBusca
        {...vista}
        busca={busca}
        resultado={resultado}
        page={paginaBusca}
        rowsPerPage={porPaginaBusca}
        onPage={(p) => {
          setPaginaBusca(p);
          limpar();
        }}
        onRowsPerPage={setPorPaginaBusca}
        onAlternarTodos={alternarTodos}
      />
    );
  } else if ((pasta.isError && !pasta.data) || (itens.isError && !itens.data)) {
    conteudo = (
      <LoadError
        message="biblioteca.erroCarregar"
        retrying={pasta.isFetching || itens.isFetching}
        onRetry={() => Promise.all([pasta.isError && pasta.refetch(), itens.refetch()])}
      />
    );
  } else if (itens.isPending) {
    conteudo = <LinearProgress aria-label={translate('ra.page.loading')} />;
  } else if (vazia) {
    conteudo = (
      <EstadoVazio
        icone={<FolderOpenOutlinedIcon color="action" sx={{ fontSize: 48 }} />}
        titulo={translate(raiz ? 'biblioteca.vazio.tituloRaiz' : 'biblioteca.vazio.titulo')}
        subtitulo={translate(
          !gerenciar ? 'biblioteca.vazio.leitor' : raiz ? 'biblioteca.vazio.gestorRaiz' : 'biblioteca.vazio.gestor',
        )}
      />
    );
  } else if (modo === 'grade') {
    conteudo = <Grade {...vista} itens={visiveis} />;
  } else {
    conteudo = (
      <Lista
        {...vista}
        itens={visiveis}
        onAlternarTodos={alternarTodos}
        rotulo={translate('biblioteca.secoes.itens')}
      />
    );
  }

  return (
    <PastaAberta.Provider value={aberta}>
      <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
        <Title title={translate('routes.biblioteca')} />
        {mobile && (raiz || pastaAtual) && <Trilha pasta={pastaAtual} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <Typography
            ref={tituloRef}
            tabIndex={-1}
            variant="h5"
            component="h1"
            sx={{
              flex: '1 1 12rem',
              minWidth: 0,
              overflowWrap: 'anywhere',
              '&:focus:not(:focus-visible)': { outline: 'none' },
            }}
          >
            {titulo}
          </Typography>
          {/* On a phone too (a line of its own): dealer staff look for a file there as often as at a desk. */}
          {!naoEncontrada && (
            <TextField
              type="search"
              size="small"
              label={translate(raiz ? 'biblioteca.busca.label' : 'biblioteca.busca.labelPasta')}
              value={texto}
              onChange={(event) => setTexto(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') buscarAgora();
              }}
              sx={{ flex: mobile ? '1 1 100%' : '1 1 14rem', maxWidth: mobile ? undefined : '24rem' }}
            />
          )}
          {gerenciar && !naoEncontrada && (
            <Button
              variant="contained"
              startIcon={<CreateNewFolderOutlinedIcon />}
              onClick={() => setDialogo({ tipo: 'novaPasta', itens: [] })}
            >
              {translate('biblioteca.acoes.novaPasta')}
            </Button>
          )}
          {podeEnviar && (
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => setDialogo({ tipo: 'upload', itens: [] })}
            >
              {translate('biblioteca.acoes.enviar')}
            </Button>
          )}
          {!naoEncontrada && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={modo}
              onChange={(_event, valor: Modo | null) => valor && setModo(valor)}
              aria-label={translate('biblioteca.acoes.modo')}
            >
              <Tooltip title={translate('biblioteca.acoes.grade')}>
                <ToggleButton value="grade" aria-label={translate('biblioteca.acoes.grade')}>
                  <GridViewIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
              <Tooltip title={translate('biblioteca.acoes.lista')}>
                <ToggleButton value="lista" aria-label={translate('biblioteca.acoes.lista')}>
                  <ViewListIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
            </ToggleButtonGroup>
          )}
        </Box>
        {selecionados.length > 0 && (
          <BarraSelecao
            quantidade={selecionados.length}
            acoes={acoes}
            ocupado={false}
            onLimpar={limpar}
            focoAoSair={tituloRef}
          />
        )}
        {raiz && !buscando && modo === 'grade' && <Recentes />}
        {!buscando && itens.isFetching && !itens.isPending && (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        )}
        <Box {...soltar.getRootProps()} sx={{ position: 'relative', minWidth: 0 }}>
          {conteudo}
          {soltar.isDragActive && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                minHeight: 120,
                display: 'grid',
                placeItems: 'center',
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'primary.main',
                borderRadius: 1,
                bgcolor: (theme) => alpha(theme.palette.background.paper, 0.9),
                pointerEvents: 'none',
              }}
            >
              <Typography variant="h6" component="p" role="status" sx={{ textAlign: 'center', px: 2 }}>
                {translate('biblioteca.upload.soltarNaPasta', { nome: pastaAtual?.nome ?? '' })}
              </Typography>
            </Box>
          )}
        </Box>
        {podeSoltar && !vazia && !itens.isPending && (
          // Dragging has its alternative for the keyboard and a single pointer (WCAG 2.1.1, 2.5.7):
          // the same upload dialog, into this folder, from a button of the hint.
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('biblioteca.upload.dicaSoltar')}
            </Typography>
            <Button
              size="small"
              startIcon={<UploadFileIcon />}
              onClick={() => setDialogo({ tipo: 'upload', itens: [] })}
            >
              {translate('biblioteca.upload.escolher')}
            </Button>
          </Box>
        )}
        {!buscando && itens.data && itens.data.totalElements > BIBLIOTECA_ITENS_POR_PAGINA_PADRAO && (
          <Paginacao
            count={itens.data.totalElements}
            page={pagina}
            onPage={(p) => {
              setPagina(p);
              limpar();
            }}
            rowsPerPage={BIBLIOTECA_ITENS_POR_PAGINA_PADRAO}
          />
        )}
        {dialogo?.tipo === 'novaPasta' && <NovaPastaDialog pastaAtual={pastaAtual} onClose={fechar} />}
        {dialogo?.tipo === 'upload' && (
          <UploadDialog pastaAtual={pastaAtual} iniciais={dialogo.soltos} onClose={fechar} />
        )}
        {dialogo?.tipo === 'excluir' && <ExcluirDialog itens={dialogo.itens} onClose={fechar} onExcluidos={limpar} />}
        {dialogo?.tipo === 'mover' && (
          <MoverDialog itens={dialogo.itens} gestor={gerenciar} onClose={fechar} onMovidos={limpar} />
        )}
        {dialogo?.tipo === 'concederAcesso' && (
          <ConcederAcessoDialog pasta={dialogo.itens[0]} onClose={fechar} onConcedido={limpar} />
        )}
        {dialogo?.tipo === 'renomear' && (
          <RenomearDialog item={dialogo.itens[0]} onClose={fechar} onRenomeado={limpar} />
        )}
        {visualizar && (
          <VisualizadorImagem
            imagens={visualizar.imagens}
            inicial={visualizar.inicial}
            onClose={() => setVisualizar(null)}
          />
        )}
      </Box>
    </PastaAberta.Provider>
  );
}
