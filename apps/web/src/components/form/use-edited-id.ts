import { useParams } from 'react-router';

/** A create/edit form's record id: the route's `{id}` in edit mode, null on the create route. */
export function useEditedId(): number | null {
  const params = useParams();
  return params.id ? Number(params.id) : null;
}
