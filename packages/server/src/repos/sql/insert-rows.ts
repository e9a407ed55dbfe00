/** The multi-row INSERT helper lives in the application layer now (it writes the comparison's rows there). */
export { insertRows } from '@mapsmith/app';
