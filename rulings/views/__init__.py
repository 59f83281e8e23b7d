"""The pages of the rulings app: the rules browser (``rules``), the source documents
(``documents``) and the keywords (``keywords``). Each view reads the request, asks the modules
below for what the page shows and renders its template."""
