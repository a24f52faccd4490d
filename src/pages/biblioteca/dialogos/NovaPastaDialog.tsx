import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { BIBLIOTECA_NOME_MAX } from '../../../../domain/biblioteca';
import { novaPastaSchema } from '../../../../domain/schemas/biblioteca';
import { useOperations } from '../../../components/useOperations';
import { DESTINO_RAIZ, destinoDe, type Destino } from '../regras';
import type { ItemBiblioteca } from '../tipos';
import { usePastasEscrita } from '../useBiblioteca';
import { CamposGrupos, SEM_GRUPOS, tiposAcessoDe, type GruposPasta } from './CamposGrupos';
import { FormularioDialogo, errosDe, recusaDe, useEscrita, type ErroCampo } from './comum';
import { SeletorPasta } from './SeletorPasta';

/** What the visibility's help says, by the choice made (none yet, public, private). */
const AJUDA_VISIBILIDADE: Record<string, string> = {
  null: 'biblioteca.novaPasta.visibilidadeAjuda',
  true: 'biblioteca.novaPasta.publicaAjuda',
  false: 'biblioteca.novaPasta.privadaAjuda',
};

/**
 * The new-folder dialog (spec sections 3, 4, 5): name, parent (the current folder first), and at
 * the root the visibility; under a parent the folder inherits the parent's (a note says which).
 * A public folder takes user groups with read or read-and-write; changing the parent clears them.
 */
export function NovaPastaDialog({ pastaAtual, onClose }: { pastaAtual: ItemBiblioteca | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { mutate } = useOperations('biblioteca');
  const pastas = usePastasEscrita(true);
  const [nome, setNome] = useState('');
  const [pai, setPai] = useState<Destino | null>(pastaAtual ? destinoDe(pastaAtual) : DESTINO_RAIZ);
  const [isPublico, setIsPublico] = useState<boolean | null>(null);
  const [grupos, setGrupos] = useState<GruposPasta>(SEM_GRUPOS);
  const [erros, setErros] = useState<Record<string, ErroCampo>>({});
  const [falha, setFalha] = useState<string>();
  const visibilidadeId = useId();
  const nomeRef = useRef<HTMLInputElement>(null);
  // A field changed is checked again on the next submit: its error from the last one goes.
  const mudou = (campo: string) =>
    setErros((atuais) => {
      if (!atuais[campo]) return atuais;
      const { [campo]: _mudou, ...resto } = atuais;
      return resto;
    });
  const criar = useEscrita((novaPasta: Record<string, unknown>) => mutate<ItemBiblioteca>('criarPasta', { novaPasta }));

  const lista = pastas.data ?? [];
  const opcoes: Destino[] = [
    DESTINO_RAIZ,
    ...(pastaAtual && !lista.some((p) => p.id === pastaAtual.id) ? [destinoDe(pastaAtual)] : []),
    ...lista.map(destinoDe),
  ];
  const naRaiz = !pai || pai.raiz;
  const paiPublico = naRaiz
    ? null
    : (lista.find((p) => p.id === pai.id)?.isPublico ?? (pastaAtual?.id === pai.id ? pastaAtual.isPublico : null));
  const publica = naRaiz ? isPublico === true : paiPublico === true;

  const erro = (campo: string) => erros[campo] && translate(erros[campo].message, erros[campo].args);

  const enviar = async () => {
    const novaPasta = {
      nome,
      idPai: naRaiz ? null : pai.id,
      ...(naRaiz ? { isPublico } : {}),
      tiposAcesso: publica ? tiposAcessoDe(grupos) : [],
    };
    const validacao = novaPastaSchema.safeParse(novaPasta);
    // The schema checks the visibility once the fields are valid: the form says everything at once.
    const semVisibilidade: Record<string, ErroCampo> =
      naRaiz && isPublico === null ? { isPublico: { message: 'validation.required' } } : {};
    if (!validacao.success || semVisibilidade.isPublico) {
      setErros({ ...semVisibilidade, ...(validacao.success ? {} : errosDe(validacao.error)) });
      return;
    }
    setErros({});
    setFalha(undefined);
    try {
      const pasta = await criar.mutateAsync(novaPasta);
      notify('biblioteca.novaPasta.criada', { type: 'success', messageArgs: { nome: pasta.nome } });
      onClose();
    } catch (error) {
      const recusa = recusaDe(error, 'errors.couldNotPerform', translate);
      setErros(recusa.campos);
      setFalha(recusa.falha);
      if (recusa.campos.nome) nomeRef.current?.focus();
    }
  };

  return (
    <FormularioDialogo
      titulo={translate('biblioteca.novaPasta.titulo')}
      confirmar="biblioteca.novaPasta.criar"
      ocupado={criar.isPending}
      falha={falha}
      onSubmit={enviar}
      onClose={onClose}
    >
      <TextField
        label={translate('biblioteca.novaPasta.nome')}
        value={nome}
        onChange={(event) => {
          setNome(event.target.value);
          mudou('nome');
        }}
        required
        autoFocus
        inputRef={nomeRef}
        size="small"
        slotProps={{ htmlInput: { maxLength: BIBLIOTECA_NOME_MAX } }}
        error={Boolean(erros.nome)}
        helperText={erro('nome')}
      />
      <SeletorPasta
        label="biblioteca.novaPasta.pai"
        opcional
        opcoes={opcoes}
        value={pai}
        loading={pastas.isFetching}
        onChange={(destino) => {
          setPai(destino);
          setGrupos(SEM_GRUPOS);
          mudou('idPai');
          mudou('tiposAcesso');
        }}
        error={Boolean(erros.idPai)}
        helperText={erro('idPai')}
      />
      {naRaiz ? (
        <FormControl error={Boolean(erros.isPublico)} required>
          <FormLabel id={visibilidadeId}>{translate('biblioteca.visibilidade.titulo')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={visibilidadeId}
            value={isPublico === null ? '' : String(isPublico)}
            onChange={(event) => {
              const publico = event.target.value === 'true';
              setIsPublico(publico);
              mudou('isPublico');
              if (!publico) setGrupos(SEM_GRUPOS);
            }}
          >
            <FormControlLabel value="true" control={<Radio />} label={translate('biblioteca.visibilidade.publica')} />
            <FormControlLabel value="false" control={<Radio />} label={translate('biblioteca.visibilidade.privada')} />
          </RadioGroup>
          <FormHelperText>{erro('isPublico') ?? translate(AJUDA_VISIBILIDADE[String(isPublico)])}</FormHelperText>
        </FormControl>
      ) : (
        paiPublico !== null && (
          <Alert severity="info" role="note">
            {translate('biblioteca.novaPasta.herdada', {
              visibilidade: translate(
                paiPublico ? 'biblioteca.visibilidade.publica' : 'biblioteca.visibilidade.privada',
              ),
            })}
          </Alert>
        )
      )}
      {publica && (
        <CamposGrupos
          value={grupos}
          onChange={(novos) => {
            setGrupos(novos);
            mudou('tiposAcesso');
          }}
          erro={erros.tiposAcesso?.message}
        />
      )}
    </FormularioDialogo>
  );
}
