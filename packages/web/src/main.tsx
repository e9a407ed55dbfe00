import { createHttpApi } from './api/http-api';
import { mountMapsmith } from './app/mount';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
mountMapsmith(root, createHttpApi());
