import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useOperations } from '../../src/components/useOperations';

export interface ImpactoGrupo {
  dealersDesvinculados: number;
  dealersInativados: number;
  usuariosInativados: number;
}

export interface GrupoChange {
  id: string | number;
  nome: string;
  marcaIds: (string | number)[];
  active: boolean;
}

/** Asks the API what saving a change would do (the `grupos` resource's `impacto` query). */
export function useFetchImpacto() {
  const { query } = useOperations('grupos');
  return (grupo: GrupoChange) => query<ImpactoGrupo>('impacto', { ...grupo });
}

export const hasImpacto = (impacto: ImpactoGrupo) =>
  impacto.dealersDesvinculados + impacto.dealersInativados + impacto.usuariosInativados > 0;

/** How many dealers and users a group change touches, as the confirm dialog says it. */
export function ImpactoText({ impacto }: { impacto: ImpactoGrupo }) {
  const translate = useTranslate();
  if (!hasImpacto(impacto)) return <Typography>{translate('grupos.impacto.nothing')}</Typography>;
  const lines = [
    ['grupos.impacto.desvinculados', impacto.dealersDesvinculados],
    ['grupos.impacto.dealers', impacto.dealersInativados],
    ['grupos.impacto.usuarios', impacto.usuariosInativados],
  ] as const;
  return (
    <Alert severity="warning">
      <Typography>{translate('grupos.impacto.intro')}</Typography>
      <ul>
        {lines
          .filter(([, count]) => count > 0)
          .map(([key, count]) => (
            <li key={key}>{translate(key, { smart_count: count })}</li>
          ))}
      </ul>
    </Alert>
  );
}

/** Loads and shows the impact of a change (the list's activate / inactivate dialog). */
export function GrupoImpacto({ change }: { change: GrupoChange }) {
  const translate = useTranslate();
  const fetchImpacto = useFetchImpacto();
  const { data, error } = useQuery({
    queryKey: ['impactoGrupo', change],
    queryFn: () => fetchImpacto(change),
    gcTime: 0,
  });
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <Typography>{translate('grupos.impacto.loading')}</Typography>;
  return <ImpactoText impacto={data} />;
}
