import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessSubject } from '../../../../domain/access';
import { api } from '../../../testing/mockApi';
import { abrirBiblioteca, GESTOR, recusa, servidorBiblioteca } from '../biblioteca.fixtures';

// Dialogs with autocompletes take a few seconds each on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const { estado, server, chamadas } = servidorBiblioteca();

const user = () => userEvent.setup({ delay: null });
const abrir = (path = '/biblioteca', subject: AccessSubject = GESTOR) => abrirBiblioteca(path, subject);
const dialogo = (name: string | RegExp) => screen.findByRole('dialog', { name });
/** Opens the list mode of `path` and selects `nomes`. */
async function selecionar(path: string, ...nomes: string[]) {
  abrir(path);
  await user().click(await screen.findByRole('button', { name: 'Lista' }));
  for (const nome of nomes) await user().click(await screen.findByRole('checkbox', { name: `Selecionar ${nome}` }));
}
const acao = (nome: string) =>
  user().click(within(screen.getByRole('toolbar', { name: 'Ações da seleção' })).getByRole('button', { name: nome }));
/** Chooses `opcao` in the autocomplete `campo` of `dentro`. */
async function escolher(dentro: HTMLElement, campo: string, opcao: string) {
  await user().click(within(dentro).getByRole('combobox', { name: campo }));
  // A favourite group's option starts with its star ("Favorito").
  await user().click(
    await screen.findByRole('option', { name: new RegExp(`(^|Favorito )${opcao.replace(/[()]/g, '\\$&')}$`) }),
  );
}
async function opcoesDe(dentro: HTMLElement, campo: string) {
  await user().click(within(dentro).getByRole('combobox', { name: campo }));
  const lista = await screen.findByRole('listbox');
  const nomes = within(lista)
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user().keyboard('{Escape}');
  return nomes;
}

describe('new folder', () => {
  it('at the root asks the visibility, a public one needs groups, then creates it with its groups', async () => {
    abrir();
    await user().click(await screen.findByRole('button', { name: 'Nova pasta' }));
    const d = await dialogo('Nova pasta');
    expect(within(d).getByRole('combobox', { name: 'Pasta pai' })).toHaveValue('Biblioteca virtual (raiz)');
    // Optional (spec section 5): left empty, the folder is made at the root.
    expect(within(d).getByRole('combobox', { name: 'Pasta pai' })).not.toBeRequired();
    await user().click(within(d).getByRole('button', { name: 'Criar pasta' }));
    expect(within(d).getAllByText('Campo obrigatório')).toHaveLength(2);

    await user().type(within(d).getByRole('textbox', { name: 'Nome da pasta' }), 'Contratos');
    await user().click(within(d).getByRole('radio', { name: 'Pública' }));
    await user().click(within(d).getByRole('button', { name: 'Criar pasta' }));
    expect(
      within(d).getByText('Uma pasta pública precisa de pelo menos um grupo com leitura ou escrita'),
    ).toBeInTheDocument();
    expect(chamadas('criarPasta')).toEqual([]);

    await escolher(d, 'Grupos com leitura', 'Concessionárias Sul');
    // A group chosen for reading is not offered for writing.
    expect(await opcoesDe(d, 'Grupos com leitura e escrita')).toEqual(['Gestores de pós-venda', 'Marketing']);
    await escolher(d, 'Grupos com leitura e escrita', 'Gestores de pós-venda');
    await user().click(within(d).getByRole('button', { name: 'Criar pasta' }));
    expect(await screen.findByText('Pasta Contratos criada')).toBeInTheDocument();
    expect(chamadas('criarPasta')).toEqual([
      {
        novaPasta: {
          nome: 'Contratos',
          idPai: null,
          isPublico: true,
          tiposAcesso: [
            { idGrupoAcesso: '7', permissao: 'LEITURA' },
            { idGrupoAcesso: '8', permissao: 'LEITURA_ESCRITA' },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('option', { name: /^Contratos/ })).toBeInTheDocument();
  });

  it('creates a private folder at the root without groups', async () => {
    abrir();
    await user().click(await screen.findByRole('button', { name: 'Nova pasta' }));
    const d = await dialogo('Nova pasta');
    await user().type(within(d).getByRole('textbox', { name: 'Nome da pasta' }), 'Sigilosa');
    await user().click(within(d).getByRole('radio', { name: 'Privada' }));
    expect(within(d).getByText('Só você e os gestores da biblioteca acessam a pasta.')).toBeInTheDocument();
    expect(within(d).queryByRole('combobox', { name: 'Grupos com leitura' })).not.toBeInTheDocument();
    await user().click(within(d).getByRole('button', { name: 'Criar pasta' }));
    await screen.findByText('Pasta Sigilosa criada');
    expect(chamadas('criarPasta')).toEqual([
      { novaPasta: { nome: 'Sigilosa', idPai: null, isPublico: false, tiposAcesso: [] } },
    ]);
  });

  it('in a folder inherits its visibility (the note says which), and changing the parent clears the groups', async () => {
    abrir('/biblioteca/1');
    await user().click(await screen.findByRole('button', { name: 'Nova pasta' }));
    const d = await dialogo('Nova pasta');
    expect(within(d).getByRole('combobox', { name: 'Pasta pai' })).toHaveValue('Manuais');
    expect(within(d).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(await within(d).findByRole('note')).toHaveTextContent(
      'Subpastas herdam a visibilidade da pasta pai: Pública.',
    );
    await escolher(d, 'Grupos com leitura', 'Marketing');
    expect(within(d).getByRole('button', { name: 'Marketing' })).toBeInTheDocument();

    await escolher(d, 'Pasta pai', 'Diretoria');
    expect(within(d).getByRole('note')).toHaveTextContent('Subpastas herdam a visibilidade da pasta pai: Privada.');
    expect(within(d).queryByRole('combobox', { name: 'Grupos com leitura' })).not.toBeInTheDocument();
    await escolher(d, 'Pasta pai', 'Treinamentos');
    expect(within(d).getByRole('combobox', { name: 'Grupos com leitura' })).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: 'Marketing' })).not.toBeInTheDocument();

    await user().type(within(d).getByRole('textbox', { name: 'Nome da pasta' }), 'Atas');
    await user().click(within(d).getByRole('button', { name: 'Criar pasta' }));
    await screen.findByText('Pasta Atas criada');
    expect(chamadas('criarPasta')).toEqual([{ novaPasta: { nome: 'Atas', idPai: '5', tiposAcesso: [] } }]);
  });

  it("says the server's refusal once, under the field it names, with the focus there, and stays open", async () => {
    server.use(
      api.mutation('biblioteca_criarPasta', () =>
        recusa('Verifique os dados!', 'BAD_USER_INPUT', { nome: 'Já existe um item com este nome nesta pasta' }),
      ),
    );
    abrir('/biblioteca/1');
    await user().click(await screen.findByRole('button', { name: 'Nova pasta' }));
    const d = await dialogo('Nova pasta');
    const nome = within(d).getByRole('textbox', { name: 'Nome da pasta' });
    await user().type(nome, 'Motores 2026');
    await user().click(within(d).getByRole('button', { name: 'Criar pasta' }));
    expect(await within(d).findByText('Já existe um item com este nome nesta pasta')).toBeInTheDocument();
    expect(nome).toHaveFocus();
    expect(nome).toHaveAccessibleDescription('Já existe um item com este nome nesta pasta');
    // Not again in an alert of the dialog, nor in a toast.
    expect(screen.queryByText('Verifique os dados!')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nova pasta' })).toBeInTheDocument();
    // Typing another name takes the old error away.
    await user().type(nome, ' B');
    expect(within(d).queryByText('Já existe um item com este nome nesta pasta')).not.toBeInTheDocument();
  });

  it("takes away a required field's error once the field is filled", async () => {
    abrir('/biblioteca', GESTOR);
    await user().click(await screen.findByRole('button', { name: 'Nova pasta' }));
    const d = await dialogo('Nova pasta');
    await user().click(within(d).getByRole('button', { name: 'Criar pasta' }));
    const nome = within(d).getByRole('textbox', { name: 'Nome da pasta' });
    expect(nome).toBeInvalid();
    expect(within(d).getAllByText('Campo obrigatório')).toHaveLength(2);
    await user().type(nome, 'Atas');
    expect(nome).toBeValid();
    expect(within(d).getAllByText('Campo obrigatório')).toHaveLength(1);
    const visibilidade = within(d).getByRole('radiogroup', { name: 'Visibilidade' });
    await user().click(within(visibilidade).getByRole('radio', { name: 'Privada' }));
    expect(within(d).queryByText('Campo obrigatório')).not.toBeInTheDocument();
    expect(chamadas('criarPasta')).toEqual([]);
  });
});

describe('grant access', () => {
  it("edits a top-level folder's groups, replacing its list", async () => {
    await selecionar('/biblioteca', 'Manuais');
    await acao('Conceder acesso');
    const d = await dialogo('Conceder acesso a Manuais');
    expect(within(d).getByRole('button', { name: 'Concessionárias Sul' })).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Gestores de pós-venda' })).toBeInTheDocument();
    await user().click(within(d).getByRole('combobox', { name: 'Grupos com leitura' }));
    await user().keyboard('{Backspace}{Escape}');
    expect(within(d).queryByRole('button', { name: 'Concessionárias Sul' })).not.toBeInTheDocument();
    await user().click(within(d).getByRole('button', { name: 'Salvar acesso' }));
    expect(await screen.findByText('Acesso à pasta Manuais atualizado')).toBeInTheDocument();
    expect(chamadas('concederAcesso')).toEqual([
      {
        novasPermissoes: {
          idPasta: '1',
          tiposAcesso: [{ idGrupoAcesso: '8', permissao: 'LEITURA_ESCRITA' }],
          version: 3,
        },
      },
    ]);
    expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns that without groups the folder becomes private, and says why a refusal happened', async () => {
    server.use(
      api.mutation('biblioteca_concederAcesso', ({ variables }) => {
        estado.chamadas.push({ operacao: 'concederAcesso', variables });
        return recusa('Outra pessoa salvou este registro depois que você o abriu.', 'CONFLICT');
      }),
    );
    await selecionar('/biblioteca', 'Treinamentos');
    await acao('Conceder acesso');
    const d = await dialogo('Conceder acesso a Treinamentos');
    expect(within(d).queryByRole('note')).not.toBeInTheDocument();
    await user().click(within(d).getByRole('combobox', { name: 'Grupos com leitura' }));
    await user().keyboard('{Backspace}{Escape}');
    expect(within(d).getByRole('note')).toHaveTextContent(
      'Sem grupos, a pasta fica privada: só o proprietário e os gestores da biblioteca a acessam.',
    );
    await user().click(within(d).getByRole('button', { name: 'Salvar acesso' }));
    expect(
      await within(d).findByText('Outra pessoa salvou este registro depois que você o abriu.'),
    ).toBeInTheDocument();
    expect(chamadas('concederAcesso')).toEqual([{ novasPermissoes: { idPasta: '5', tiposAcesso: [], version: 1 } }]);
  });
});

describe('move', () => {
  it('is 20 rem wide, offers the folders the user writes to except where the item is, and moves it', async () => {
    await selecionar('/biblioteca/1', 'tabela-precos.xlsx');
    await acao('Mover');
    const d = await dialogo('Mover 1 item');
    // 20 rem at the root's 16 px.
    expect(d).toHaveStyle({ width: '320px' });
    const mover = within(d).getByRole('button', { name: 'Mover' });
    expect(mover).toBeDisabled();
    await waitFor(() => expect(chamadas('pastasComPermissaoEscrita')).toHaveLength(1));
    expect(await opcoesDe(d, 'Pasta de destino')).toEqual(['Diretoria', 'Treinamentos', 'Manuais / Motores 2026']);
    await escolher(d, 'Pasta de destino', 'Diretoria');
    await user().click(mover);
    expect(await screen.findByText('1 item movido')).toBeInTheDocument();
    expect(chamadas('mover')).toEqual([{ idItemBiblioteca: '13', idNovaLocalizacao: '2', version: 1 }]);
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Selecionar tabela-precos.xlsx' })).toBeNull());
    expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument();
  });

  it('offers the root for a folder that has a parent, never the folder itself', async () => {
    await selecionar('/biblioteca/1', 'Motores 2026');
    await acao('Mover');
    const d = await dialogo('Mover 1 item');
    await waitFor(() => expect(chamadas('pastasComPermissaoEscrita')).toHaveLength(1));
    expect(await opcoesDe(d, 'Pasta de destino')).toEqual(['Biblioteca virtual (raiz)', 'Diretoria', 'Treinamentos']);
    await escolher(d, 'Pasta de destino', 'Biblioteca virtual (raiz)');
    await user().click(within(d).getByRole('button', { name: 'Mover' }));
    await screen.findByText('1 item movido');
    expect(chamadas('mover')).toEqual([{ idItemBiblioteca: '4', idNovaLocalizacao: '0', version: 1 }]);
  });

  it('moves each selected item in turn, then says how many', async () => {
    await selecionar('/biblioteca/1', 'foto-fachada.jpg', 'foto-showroom.png');
    await acao('Mover');
    const d = await dialogo('Mover 2 itens');
    await escolher(d, 'Pasta de destino', 'Treinamentos');
    await user().click(within(d).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText('2 itens movidos')).toBeInTheDocument();
    expect(chamadas('mover')).toEqual([
      { idItemBiblioteca: '11', idNovaLocalizacao: '5', version: 1 },
      { idItemBiblioteca: '12', idNovaLocalizacao: '5', version: 1 },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Manuais' })).toHaveFocus());
  });

  it("says why a move was refused (the server's message), and stays open", async () => {
    server.use(
      api.mutation('biblioteca_mover', () =>
        recusa('Você não tem permissão de escrita na pasta de destino.', 'FORBIDDEN'),
      ),
    );
    await selecionar('/biblioteca/1', 'tabela-precos.xlsx');
    await acao('Mover');
    const d = await dialogo('Mover 1 item');
    await escolher(d, 'Pasta de destino', 'Diretoria');
    await user().click(within(d).getByRole('button', { name: 'Mover' }));
    expect(await within(d).findByText('Você não tem permissão de escrita na pasta de destino.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Mover 1 item' })).toBeInTheDocument();
    // And in an error toast, as spec section 8 asks of a failed move.
    await waitFor(() =>
      expect(screen.getAllByText('Você não tem permissão de escrita na pasta de destino.')).toHaveLength(2),
    );
  });
  it('says the name already in the destination, the field the server named not being one of the dialog', async () => {
    server.use(
      api.mutation('biblioteca_mover', () =>
        recusa('Verifique os dados!', 'BAD_USER_INPUT', {
          idNovaLocalizacao: 'Já existe um item com este nome nesta pasta',
        }),
      ),
    );
    await selecionar('/biblioteca/1', 'tabela-precos.xlsx');
    await acao('Mover');
    const d = await dialogo('Mover 1 item');
    await escolher(d, 'Pasta de destino', 'Diretoria');
    await user().click(within(d).getByRole('button', { name: 'Mover' }));
    expect(await within(d).findByText('Já existe um item com este nome nesta pasta')).toBeInTheDocument();
    expect(screen.queryByText('Verifique os dados!')).not.toBeInTheDocument();
  });
});

describe('rename', () => {
  it('is enabled only once the name changed, then renames', async () => {
    await selecionar('/biblioteca', 'Treinamentos');
    await acao('Renomear');
    const d = await dialogo('Renomear Treinamentos');
    const campo = within(d).getByRole('textbox', { name: 'Novo nome' });
    expect(campo).toHaveValue('Treinamentos');
    const renomear = within(d).getByRole('button', { name: 'Renomear' });
    expect(renomear).toBeDisabled();
    await user().type(campo, ' ');
    expect(renomear).toBeDisabled();
    await user().clear(campo);
    expect(renomear).toBeDisabled();
    await user().type(campo, 'Treinamentos 2027');
    await user().click(renomear);
    expect(await screen.findByText('Renomeado para Treinamentos 2027')).toBeInTheDocument();
    expect(chamadas('renomear')).toEqual([{ idItemBiblioteca: '5', novoNome: 'Treinamentos 2027', version: 1 }]);
    // Done, nothing stays selected (a click adds to the selection: the next one would have joined it).
    expect(await screen.findByRole('checkbox', { name: 'Selecionar Treinamentos 2027' })).not.toBeChecked();
    expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Biblioteca virtual' })).toHaveFocus());
  });

  it("shows the server's refusal under the name", async () => {
    server.use(
      api.mutation('biblioteca_renomear', () =>
        recusa('Verifique os dados!', 'BAD_USER_INPUT', { novoNome: 'Já existe um item com este nome nesta pasta' }),
      ),
    );
    await selecionar('/biblioteca', 'Treinamentos');
    await acao('Renomear');
    const d = await dialogo('Renomear Treinamentos');
    const campo = within(d).getByRole('textbox', { name: 'Novo nome' });
    await user().clear(campo);
    await user().type(campo, 'Manuais');
    await user().click(within(d).getByRole('button', { name: 'Renomear' }));
    expect(await within(d).findByText('Já existe um item com este nome nesta pasta')).toBeInTheDocument();
    // The failure's toast too (spec section 8: "Rename: success and failure snackbars"), saying why.
    await waitFor(() => expect(screen.getAllByText('Já existe um item com este nome nesta pasta')).toHaveLength(2));
    expect(screen.queryByText('Verifique os dados!')).not.toBeInTheDocument();
  });
});

describe('remove', () => {
  it('asks first, then removes each selected item at the version read', async () => {
    await selecionar('/biblioteca/1', 'Motores 2026', 'foto-fachada.jpg');
    await acao('Remover');
    const d = await dialogo('Remover 2 itens?');
    expect(d).toHaveTextContent(
      'O que for removido não poderá ser recuperado: uma pasta é removida com tudo o que contém.',
    );
    await user().click(within(d).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('2 itens removidos')).toBeInTheDocument();
    expect(chamadas('excluir')).toEqual([
      { idItem: '4', version: 1 },
      { idItem: '11', version: 1 },
    ]);
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Selecionar foto-fachada.jpg' })).toBeNull());
    // The selection bar that opened the dialog went with the items: the focus goes to the folder's title.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Manuais' })).toHaveFocus());
  });

  it('names the one item it removes, and removes nothing when cancelled', async () => {
    await selecionar('/biblioteca/1', 'tabela-precos.xlsx');
    await acao('Remover');
    const d = await dialogo('Remover tabela-precos.xlsx?');
    expect(d).toHaveTextContent('O que for removido não poderá ser recuperado.');
    await user().click(within(d).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chamadas('excluir')).toEqual([]);
    // Back where it was: the button that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remover' })).toHaveFocus());
  });
});

describe('upload', () => {
  const arquivoDe = (nome: string, bytes = 1000) => {
    const file = new File(['conteúdo'], nome, { type: 'application/pdf' });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
  };
  const input = () => screen.getByTestId('upload-input') as HTMLInputElement;
  const enviados: { nome: string | undefined; info: unknown; authorization: string | null }[] = [];
  const rotaUpload = (responder?: (nome: string) => Promise<Response | undefined> | Response | undefined) =>
    http.post('*/api/upload', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      const nome = file instanceof File ? file.name : undefined;
      const resposta = nome && responder ? await responder(nome) : undefined;
      if (resposta) return resposta;
      enviados.push({
        nome,
        info: JSON.parse(String(form.get('info'))),
        authorization: request.headers.get('authorization'),
      });
      return HttpResponse.json({ id: 500 + enviados.length }, { status: 201 });
    });
  beforeEach(() => {
    enviados.length = 0;
  });
  const abrirUpload = async () => {
    abrir('/biblioteca/5');
    await user().click(await screen.findByRole('button', { name: 'Enviar arquivos' }));
    return dialogo('Enviar arquivos');
  };

  it('refuses duplicates and files over 900 MB with a warning, uploads each file, places them, then closes', async () => {
    server.use(rotaUpload());
    const d = await abrirUpload();
    expect(within(d).getByRole('combobox', { name: 'Pasta de destino' })).toHaveValue('Treinamentos');
    const enviar = within(d).getByRole('button', { name: 'Enviar' });
    expect(enviar).toBeDisabled();
    await user().upload(input(), [arquivoDe('a.pdf'), arquivoDe('b.pdf')]);
    await user().upload(input(), [arquivoDe('a.pdf')]);
    expect(await screen.findByText('O arquivo a.pdf já está na lista')).toBeInTheDocument();
    await user().upload(input(), [arquivoDe('enorme.mp4', 900_000_001)]);
    expect(await screen.findByText('enorme.mp4 passa do máximo de 900 MB por arquivo')).toBeInTheDocument();
    const lista = within(d).getByRole('list', { name: 'Arquivos a enviar' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.firstElementChild?.firstElementChild?.textContent),
    ).toEqual(['a.pdf', 'b.pdf']);
    expect(lista).toHaveTextContent('Aguardando o envio');
    await waitFor(() => expect(enviar).toBeEnabled());
    await user().click(enviar);
    expect(await screen.findByText('2 arquivos enviados')).toBeInTheDocument();
    expect(enviados).toEqual([
      { nome: 'a.pdf', info: { fileType: 'LIBRARY' }, authorization: 'Bearer token' },
      { nome: 'b.pdf', info: { fileType: 'LIBRARY' }, authorization: 'Bearer token' },
    ]);
    expect(chamadas('uploadArquivos')).toEqual([
      {
        arquivos: [
          { idArquivo: '501', nome: 'a.pdf', idPastaPai: '5' },
          { idArquivo: '502', nome: 'b.pdf', idPastaPai: '5' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('option', { name: 'a.pdf' })).toBeInTheDocument();
  });

  it("takes a file off the list by keyboard, the focus going to the next file's button, then to the chooser", async () => {
    const d = await abrirUpload();
    await user().upload(input(), [arquivoDe('a.pdf'), arquivoDe('b.pdf')]);
    const tirarB = await within(d).findByRole('button', { name: 'Tirar b.pdf da lista' });
    within(d).getByRole('button', { name: 'Tirar a.pdf da lista' }).focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(tirarB).toHaveFocus());
    await user().keyboard('{Enter}');
    await waitFor(() => expect(within(d).getByRole('button', { name: 'Escolher arquivos' })).toHaveFocus());
    expect(within(d).queryByRole('list', { name: 'Arquivos a enviar' })).not.toBeInTheDocument();
  });

  it('marks the file whose name the folder already holds, placing none, and places the others once it is taken off', async () => {
    let recusar = true;
    server.use(
      rotaUpload(),
      // Refused the first time; then the fixtures' handler places them.
      api.mutation('biblioteca_uploadArquivos', () =>
        recusar
          ? recusa('Verifique os dados!', 'BAD_USER_INPUT', {
              'arquivos.1.nome': 'b.pdf: Já existe um item com este nome nesta pasta',
            })
          : undefined,
      ),
    );
    const d = await abrirUpload();
    await user().upload(input(), [arquivoDe('a.pdf'), arquivoDe('b.pdf')]);
    await user().click(within(d).getByRole('button', { name: 'Enviar' }));
    const lista = await within(d).findByRole('list', { name: 'Arquivos a enviar' });
    const linhaB = await within(lista).findByText('b.pdf: Já existe um item com este nome nesta pasta');
    expect(linhaB).toHaveAttribute('role', 'alert');
    // Said above the buttons too, never the generic refusal.
    await waitFor(() =>
      expect(within(d).getAllByText('b.pdf: Já existe um item com este nome nesta pasta')).toHaveLength(2),
    );
    expect(screen.queryByText('Verifique os dados!')).not.toBeInTheDocument();
    expect(within(lista).getByText('Enviado')).toBeInTheDocument();
    recusar = false;
    await user().click(within(d).getByRole('button', { name: 'Tirar b.pdf da lista' }));
    await user().click(within(d).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('1 arquivo enviado')).toBeInTheDocument();
    expect(chamadas('uploadArquivos')).toEqual([{ arquivos: [{ idArquivo: '501', nome: 'a.pdf', idPastaPai: '5' }] }]);
  });

  it('shows the progress of each file, and cancels one on its way; the others are placed', async () => {
    server.use(
      rotaUpload(async (nome) => {
        if (nome === 'grande.mp4') {
          await delay('infinite');
        }
        if (nome === 'c.pdf') await delay(300);
        return undefined;
      }),
    );
    const d = await abrirUpload();
    await user().upload(input(), [arquivoDe('grande.mp4'), arquivoDe('c.pdf')]);
    await user().click(within(d).getByRole('button', { name: 'Enviar' }));
    const progresso = await within(d).findByRole('progressbar', { name: 'Envio de grande.mp4' });
    expect(progresso).toHaveAttribute('aria-valuenow', '0');
    expect(await within(d).findByText('Enviando: 0%')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user().click(within(d).getByRole('button', { name: 'Cancelar o envio de grande.mp4' }));
    expect(await within(d).findByText('Envio cancelado')).toBeInTheDocument();
    expect(await screen.findByText('1 arquivo enviado')).toBeInTheDocument();
    expect(chamadas('uploadArquivos')).toEqual([{ arquivos: [{ idArquivo: '501', nome: 'c.pdf', idPastaPai: '5' }] }]);
  });

  it('marks a file the server refused with its message, places nothing, and lets the user try again', async () => {
    let recusar = true;
    server.use(
      rotaUpload((nome) =>
        recusar && nome === 'video.mp4'
          ? HttpResponse.json(
              { code: 'PAYLOAD_TOO_LARGE', message: 'Arquivo grande demais: o máximo é 900 MB' },
              { status: 413 },
            )
          : undefined,
      ),
    );
    const d = await abrirUpload();
    await user().upload(input(), [arquivoDe('video.mp4')]);
    await user().click(within(d).getByRole('button', { name: 'Enviar' }));
    expect(await within(d).findByRole('alert')).toHaveTextContent('Arquivo grande demais: o máximo é 900 MB');
    expect(chamadas('uploadArquivos')).toEqual([]);
    recusar = false;
    await user().click(within(d).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('1 arquivo enviado')).toBeInTheDocument();
  });

  it("keeps the dialog and its uploaded files when placing them fails, with the server's message; a retry places them", async () => {
    let falhar = true;
    server.use(
      rotaUpload(),
      api.mutation('biblioteca_uploadArquivos', ({ variables }) => {
        estado.chamadas.push({ operacao: 'uploadArquivos', variables });
        if (falhar) return recusa('Já existe um item com este nome nesta pasta');
        return HttpResponse.json({ data: { result: [] } });
      }),
    );
    const d = await abrirUpload();
    await user().upload(input(), [arquivoDe('a.pdf')]);
    await user().click(within(d).getByRole('button', { name: 'Enviar' }));
    expect(
      await within(d).findByText('Já existe um item com este nome nesta pasta', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
    expect(within(d).getByText('Enviado')).toBeInTheDocument();
    falhar = false;
    await user().click(within(d).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('1 arquivo enviado')).toBeInTheDocument();
    // The file went up once: the retry placed the stored one.
    expect(enviados.map((e) => e.nome)).toEqual(['a.pdf']);
    expect(chamadas('uploadArquivos')).toEqual([
      { arquivos: [{ idArquivo: '501', nome: 'a.pdf', idPastaPai: '5' }] },
      { arquivos: [{ idArquivo: '501', nome: 'a.pdf', idPastaPai: '5' }] },
    ]);
  });
});

describe('latest modified, see all', () => {
  it('lists them paged, 5 at first, with folder and owner; a name leads to its folder', async () => {
    const app = abrir('/biblioteca');
    await user().click(await screen.findByRole('button', { name: 'Ver todos' }));
    const d = await dialogo('Últimos modificados');
    const linhas = () => within(within(d).getByRole('table')).getAllByRole('row').slice(1);
    await waitFor(() => expect(linhas()).toHaveLength(5));
    expect(linhas()[0]).toHaveTextContent('manual-do-proprietario.pdfManuaismontadora@portal.test24/11/2026');
    expect(within(d).getByText('Mostrando 1 a 5 de 6 registros')).toBeInTheDocument();
    await user().click(within(d).getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(chamadas('ultimosModificadosExtendido')).toEqual([
      { filterInput: { page: 0, rowsPerPage: 5 } },
      { filterInput: { page: 1, rowsPerPage: 5 } },
    ]);
    await user().click(within(linhas()[0]).getByRole('link'));
    expect(app.location()).toMatch(/^\/biblioteca\/\d+$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
