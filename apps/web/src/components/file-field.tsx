import { useId, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { DEFAULT_UPLOAD_EXTENSIONS, checkFile, type FileRule } from '@planpiso/domain';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  rule?: FileRule;
  disabled?: boolean;
};

/**
 * A single-file input bound to react-hook-form. The domain's `checkFile` vets extension and size (spec 1 §5)
 * before the file reaches the form: a refused file leaves the field empty and shows why.
 */
export function FileField<T extends FieldValues>({ control, name, label, rule, disabled }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const [refused, setRefused] = useState<string | null>(null);
  const id = useId();
  const file = field.value as File | null | undefined;
  const message = refused ?? fieldState.error?.message;
  const extensions = rule?.extensions ?? DEFAULT_UPLOAD_EXTENSIONS;

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkFile(chosen, rule);
    setRefused(problem);
    field.onChange(problem ? null : chosen);
  };

  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 1, fontWeight: 600 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={disabled}>
          Seleccionar archivo
          <input
            id={id}
            type="file"
            hidden
            accept={extensions.join(',')}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
            onBlur={field.onBlur}
          />
        </Button>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : extensions.join(', ')}
        </Typography>
      </Box>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
