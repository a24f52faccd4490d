import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SaveButton, useTranslate } from 'react-admin';
import { get, useFormContext, useFormState } from 'react-hook-form';

export interface WizardStep {
  /** i18n key of the step's title. */
  label: string;
  /** Form fields (dotted sources) the step edits: validated before moving on. */
  fields: readonly string[];
  content: ReactNode;
}

export interface WizardProps {
  steps: readonly WizardStep[];
  /** Back on the first step: leave the form (e.g. to the list). */
  onCancel: () => void;
  /** The record's title (a name, or "New dealer"). */
  heading: ReactNode;
  /**
   * The step it opens at (0 = the first), e.g. for a link to one step of a record. The steps
   * before it are not checked until the save, which, if one of their fields is wrong, goes back to
   * it as for any refused field. Out of range, the first step.
   */
  initialStep?: number;
  /** The last step's button in place of react-admin's SaveButton (e.g. one asking for confirmation). */
  saveButton?: ReactNode;
}

/**
 * A form in steps: a progress bar with one segment per step, back (cancels on the first step) and
 * next (validates the step's fields first); the last step saves. When saving fails on a field of
 * an earlier step (the API's field errors too), the wizard goes back to that step.
 */
export function Wizard({ steps, onCancel, heading, initialStep = 0, saveButton }: WizardProps) {
  const translate = useTranslate();
  const [index, setIndex] = useState(
    Number.isInteger(initialStep) && initialStep > 0 && initialStep < steps.length ? initialStep : 0,
  );
  const { trigger, watch } = useFormContext();
  const { errors, submitCount } = useFormState();
  const last = index === steps.length - 1;
  const seenSubmits = useRef(submitCount);

  useEffect(() => {
    if (submitCount === seenSubmits.current) return;
    const failing = steps.findIndex((step) => step.fields.some((field) => get(errors, field)));
    if (failing >= 0) {
      seenSubmits.current = submitCount;
      setIndex(failing);
    }
  }, [errors, submitCount, steps]);

  // After a refused step, its fields are checked again as they change, so that an error goes as
  // soon as the field is right (the form itself re-validates only after a submit).
  const [recheck, setRecheck] = useState<readonly string[]>([]);
  useEffect(() => {
    if (recheck.length === 0) return;
    const subscription = watch((_values, { name }) => {
      const field = name && recheck.find((f) => name === f || name.startsWith(`${f}.`));
      if (field) void trigger(field);
    });
    return () => subscription.unsubscribe();
  }, [recheck, watch, trigger]);

  const next = async () => {
    const fields = steps[index].fields;
    const valid = await trigger([...fields]);
    setRecheck(valid ? [] : fields);
    if (valid) setIndex(index + 1);
  };

  return (
    <Box sx={{ width: '100%' }}>
      {heading}
      <Box
        sx={{ display: 'flex', gap: 0.5, my: 2 }}
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={index + 1}
        aria-valuetext={translate('wizard.step', { current: index + 1, total: steps.length })}
        aria-label={translate('wizard.progress', {
          current: index + 1,
          total: steps.length,
          step: translate(steps[index].label),
        })}
      >
        {steps.map((step, i) => (
          // Segments draw the one bar above: hidden from assistive technology, which reads the bar.
          <LinearProgress
            key={step.label}
            aria-hidden
            variant="determinate"
            value={i <= index ? 100 : 0}
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
          />
        ))}
      </Box>
      <Typography variant="overline" component="p">
        {translate('wizard.step', { current: index + 1, total: steps.length })}
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(steps[index].label)}
      </Typography>
      <Box key={index}>{steps[index].content}</Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button onClick={() => (index === 0 ? onCancel() : setIndex(index - 1))}>
          {translate(index === 0 ? 'wizard.cancel' : 'wizard.back')}
        </Button>
        {last ? (
          (saveButton ?? <SaveButton label="wizard.save" />)
        ) : (
          <Button variant="contained" onClick={() => void next()}>
            {translate('wizard.next')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
