import { useParams } from 'react-router';
import { CircularDetail } from '../components/circular-detail';
import { parseDocumentId } from '../lib/document-id';

/** /circulars/:id. */
export function Component() {
  const { id } = useParams();
  return <CircularDetail key={id} id={parseDocumentId(id)} />;
}
