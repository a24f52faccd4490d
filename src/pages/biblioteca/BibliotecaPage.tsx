import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import GridViewIcon from '@mui/icons-material/GridView';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewListIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Title, usePermissions, useStore, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  BIBLIOTECA_BUSCA_DEBOUNCE_MS,
  BIBLIOTECA_ITENS_POR_PAGINA_PADRAO,
  BIBLIOTECA_ROWS_PER_PAGE_PADRAO,
  isRaiz,
} from '../../../domain/biblioteca';
import { allows, policies } from '../../../domain/policies';
import type { PortalPermissions } from '../../../providers/authProvider';
import { useBreadcrumbLabel } from '../../components/breadcrumbLabel';
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
import { acoesHabilitadas } from './regras';
import { EstadoVazio, ResultadosBusca } from './ResultadosBusca';
import { isImagem, pastaPath, type ItemBiblioteca } from './tipos';
import { useAbrirItem, useBaixar } from './useAbrirItem';
import { useBusca, useItens, usePasta } from './useBiblioteca';
import { NomeItem, PastaAberta, useIsMobile } from './visual';

type Modo = 'grade' | 'lista';
type Dialogo = 'novaPasta' | 'upload' | 'excluir' | 'mover' | 'concederAcesso' | 'renomear';

/** Breadcrumbs from the library's root down to the open folder, named by the server. */
function Trilha({ pasta }: { pasta: ItemBiblioteca | undefined }) {
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
  // The dialog open and the items it acts on, as selected when it opened.
  const [dialogo, setDialogo] = useState<{ tipo: Dialogo; itens: ItemBiblioteca[] } | null>(null);
  const [visualizar, setVisualizar] = useState<{ imagens: ItemBiblioteca[]; inicial: number } | null>(null);

  const pasta = usePasta(idPasta);
  const itens = useItens(idPasta, pagina);
  const resultado = useBusca(busca, idPasta, paginaBusca, porPaginaBusca);
  const buscando = busca.length > 0;
  useBreadcrumbLabel(pasta.data?.nome);

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
  const habilitadas = acoesHabilitadas(selecionados);
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
      desabilitado: !habilitadas.excluir,
      run: () => setDialogo({ tipo: 'excluir', itens: selecionados }),
    },
    {
      id: 'mover',
      label: 'biblioteca.acoes.mover',
      icon: <DriveFileMoveOutlinedIcon />,
      visivel: true,
      desabilitado: !habilitadas.mover,
      run: () => setDialogo({ tipo: 'mover', itens: selecionados }),
    },
    {
      id: 'baixar',
      label: 'biblioteca.acoes.baixar',
      icon: <DownloadIcon />,
      visivel: true,
      desabilitado: !habilitadas.baixar,
      run: () => void baixar(selecionados),
    },
    {
      id: 'concederAcesso',
      label: 'biblioteca.acoes.concederAcesso',
      icon: <GroupAddOutlinedIcon />,
      visivel: true,
      desabilitado: !habilitadas.concederAcesso,
      run: () => setDialogo({ tipo: 'concederAcesso', itens: selecionados }),
    },
    {
      id: 'renomear',
      label: 'biblioteca.acoes.renomear',
      icon: <DriveFileRenameOutlineIcon />,
      visivel: true,
      desabilitado: !habilitadas.renomear,
      run: () => setDialogo({ tipo: 'renomear', itens: selecionados }),
    },
  ];

  const vazia = itens.isSuccess && itens.data.totalElements === 0;
  // Spec section 2: upload is offered in a folder (not the root) that has no items yet, and not while searching.
  const podeEnviar = gerenciar && !raiz && !buscando && vazia;
  const titulo = raiz ? translate('routes.biblioteca') : (pasta.data?.nome ?? translate('routes.bibliotecaPasta'));
  const pastaAtual = raiz ? null : (pasta.data ?? null);
  const aberta = pastaAtual && {
    id: pastaAtual.id,
    grupos: [...(pastaAtual.permissoesHerdadas ?? []), ...pastaAtual.permissoes],
  };
  const fechar = () => setDialogo(null);
  const limpar = () => setSelecao(new Set());

  let conteudo;
  if (buscando) {
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
        message={pasta.isError ? 'biblioteca.erroPasta' : 'biblioteca.erroCarregar'}
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
        <Trilha pasta={pastaAtual ?? undefined} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {titulo}
          </Typography>
          {!mobile && (
            <TextField
              type="search"
              size="small"
              label={translate(raiz ? 'biblioteca.busca.label' : 'biblioteca.busca.labelPasta')}
              value={texto}
              onChange={(event) => setTexto(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') buscarAgora();
              }}
              sx={{ flex: '1 1 14rem', maxWidth: '24rem' }}
            />
          )}
          {gerenciar && (
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
        </Box>
        {selecionados.length > 0 && (
          <BarraSelecao quantidade={selecionados.length} acoes={acoes} ocupado={false} onLimpar={limpar} />
        )}
        {raiz && !buscando && modo === 'grade' && <Recentes />}
        {!buscando && itens.isFetching && !itens.isPending && (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        )}
        {conteudo}
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
        {dialogo?.tipo === 'upload' && <UploadDialog pastaAtual={pastaAtual} onClose={fechar} />}
        {dialogo?.tipo === 'excluir' && <ExcluirDialog itens={dialogo.itens} onClose={fechar} onExcluidos={limpar} />}
        {dialogo?.tipo === 'mover' && <MoverDialog itens={dialogo.itens} onClose={fechar} onMovidos={limpar} />}
        {dialogo?.tipo === 'concederAcesso' && <ConcederAcessoDialog pasta={dialogo.itens[0]} onClose={fechar} />}
        {dialogo?.tipo === 'renomear' && <RenomearDialog item={dialogo.itens[0]} onClose={fechar} />}
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
