"""What is written, the last step of the flow: the terminal, JSON, CSV, HTML and SVG.

Standard streams (``output``), input shown harmlessly (``display``, ``markup``), line breaking
(``line_breaks``), the verdicts for people (``report``), the HTML report (``report_html``,
``report_frames``, ``report_repair``, ``report_assets``), pictures (``svg``), spreadsheet rows
(``spreadsheet``) and every file the tool writes (``files``).
"""
