import { Alert, List } from '@mantine/core';

/** The form-level errors of a submit (spec §5), announced to assistive technology. */
export function FormErrorList({ errors }: { errors: string[] }) {
  if (!errors.length) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <List size="sm">
          {errors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
