import { SearchScreen } from '../components/search-screen';

/** /search (lazy route module). */
export default function SearchRoute() {
  return <SearchScreen />;
}
