import { useParams } from 'react-router';
import { OrderDetail } from '../components/order-detail';
import { parseDocumentId } from '../lib/document-id';

/** /orders/:id. */
export function Component() {
  const { id } = useParams();
  return <OrderDetail key={id} id={parseDocumentId(id)} />;
}
